"""Servers the tests talk to over real HTTP: gunicorn under given settings, and a small reverse proxy in a
thread that forwards each request as an HTTPS proxy in front of it would (appending the address it was
reached from to X-Forwarded-For, and saying the request came over HTTPS)."""

import contextlib
import http.client
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "proxy-connection"}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answers(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


@contextlib.contextmanager
def gunicorn(env, log_path, timeout=60):
    """gunicorn serving config.wsgi with `env`; yields its port; stopped (its process group) at the end."""
    port = free_port()
    with open(log_path, "w") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "config.wsgi", "-b", f"127.0.0.1:{port}", "-w", "2", "--timeout", "60"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            end = time.monotonic() + timeout
            while not _answers(port):
                if proc.poll() is not None or time.monotonic() > end:
                    raise AssertionError(f"gunicorn did not start: {Path(log_path).read_text()[-3000:]}")
                time.sleep(0.2)
            yield port
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(10)


@contextlib.contextmanager
def forwarding_proxy(target_port):
    """A reverse proxy to 127.0.0.1:target_port in a thread; yields its port."""

    class Forward(BaseHTTPRequestHandler):
        def _forward(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else None
            headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
            seen = self.headers.get("X-Forwarded-For")
            headers["X-Forwarded-For"] = f"{seen}, {self.client_address[0]}" if seen else self.client_address[0]
            headers["X-Forwarded-Proto"] = "https"
            upstream = http.client.HTTPConnection("127.0.0.1", target_port, timeout=60)
            try:
                upstream.request(self.command, self.path, body=body, headers=headers)
                answer = upstream.getresponse()
                data = answer.read()
                self.send_response(answer.status)
                for k, v in answer.getheaders():
                    if k.lower() not in HOP_BY_HOP and k.lower() != "content-length":
                        self.send_header(k, v)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            finally:
                upstream.close()

        do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _forward

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Forward)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def request(port, method, path, *, body=None, headers=None, source="127.0.0.1"):
    """One request from the loopback address `source` (127.0.0.2, 127.0.0.3...: a client each); (status, body)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(source, 0))
    try:
        conn.request(method, path, body=body, headers=headers or {})
        answer = conn.getresponse()
        return answer.status, answer.read()
    finally:
        conn.close()
