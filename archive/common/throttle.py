"""The address the login throttle (django-axes) counts: the client's, as the proxies in front report it.

Behind N proxies (PROXY_COUNT; 0 when gunicorn faces the clients, 1 behind one HTTPS proxy) each proxy
appends the address it was reached from to X-Forwarded-For, so the Nth entry from the right is the one
the first trusted proxy saw: the client. Entries left of it are whatever the client sent, and choose
nothing (issue 28: a spoofed leftmost entry chose the address counted). An address that cannot be read
falls back to the connection's own; the lock is by account and address together (settings), so no
address, read or not, is a bucket that locks every client at once."""

import ipaddress

from django.conf import settings


def _address(text):
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        return None


def client_ip(request):
    remote = _address(request.META.get("REMOTE_ADDR") or "")
    proxies = settings.PROXY_COUNT
    if proxies > 0:
        chain = [e for e in (request.META.get("HTTP_X_FORWARDED_FOR") or "").split(",") if e.strip()]
        if len(chain) >= proxies:
            client = _address(chain[-proxies])
            if client is not None:
                return client
    # No proxy, or a request that did not come through them (no header, junk): the connection's address.
    # With none at all (a request made in-process), None: the lock is by account and address together, so
    # that is one account's bucket, never everyone's (axes stores addresses in an address column).
    return remote
