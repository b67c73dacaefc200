"""Gunicorn settings for `make run`: several workers sharing multiprocess metrics."""

import os

from prometheus_client import multiprocess

bind = f"{os.environ.get('MNEMOSYNE_HOST', '127.0.0.1')}:{os.environ.get('MNEMOSYNE_PORT', '8025')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
threads = int(os.environ.get("WEB_THREADS", "4"))
timeout = 30
accesslog = None  # request latency goes to /metrics; logs stay JSON from Django


def child_exit(server, worker):
    multiprocess.mark_process_dead(worker.pid)
