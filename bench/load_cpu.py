"""bench/load.py's ledger of CPU by request kind: a middleware (first in the chain, so it counts all the others)
that appends "<method> <url name> <CPU ms>" for each request to the file LOAD_CPU_LOG names, the same for each
Celery task the worker runs ("TASK <task name> <CPU ms>", from Celery's task_prerun and task_postrun signals,
which bench/load_settings.py connects when LOAD_CPU_LOG is set), and the summary the bench prints from it. One short
O_APPEND write a line keeps the processes' lines whole."""

import os
import time
from collections import defaultdict

from celery.signals import task_postrun, task_prerun

_ledger = None  # this process's file descriptor of the ledger, opened at its first line


def _write(line):
    global _ledger
    if _ledger is None:
        _ledger = os.open(os.environ["LOAD_CPU_LOG"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    os.write(_ledger, line.encode())


_task_started = {}


def _task_starts(task_id=None, **kwargs):
    _task_started[task_id] = time.thread_time()


def _task_ends(task_id=None, task=None, **kwargs):
    started = _task_started.pop(task_id, None)
    if started is not None:
        _write(f"TASK {getattr(task, 'name', '?')} {(time.thread_time() - started) * 1000:.3f}\n")


def ledger_tasks():
    """Write each Celery task's CPU to the ledger too (in the worker, whose settings call this)."""
    task_prerun.connect(_task_starts, weak=False, dispatch_uid="tk-load-cpu-starts")
    task_postrun.connect(_task_ends, weak=False, dispatch_uid="tk-load-cpu-ends")


class CpuLedger:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        started = time.thread_time()
        response = self.get_response(request)
        used = (time.thread_time() - started) * 1000
        match = getattr(request, "resolver_match", None)
        name = (match.url_name or match.view_name) if match else "unresolved"
        _write(f"{request.method} {name} {used:.3f}\n")
        return response


def summary(path):
    """[(kind, count, mean CPU ms, share of the total)] from the ledger file, largest share first."""
    totals, counts = defaultdict(float), defaultdict(int)
    with open(path) as f:
        for line in f:
            method, name, ms = line.split()
            totals[method, name] += float(ms)
            counts[method, name] += 1
    whole = sum(totals.values()) or 1.0
    rows = [(f"{m} {n}", counts[m, n], totals[m, n] / counts[m, n], totals[m, n] / whole) for m, n in totals]
    return sorted(rows, key=lambda r: -r[3])
