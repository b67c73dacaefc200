"""Gunicorn settings for `make run`: several workers sharing multiprocess metrics."""

import os

from prometheus_client import multiprocess

from mnemosyne_site.warmup import warm_in_background

bind = f"{os.environ.get('MNEMOSYNE_HOST', '127.0.0.1')}:{os.environ.get('MNEMOSYNE_PORT', '8025')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
threads = int(os.environ.get("WEB_THREADS", "4"))
timeout = 30
accesslog = None  # request latency goes to /metrics; logs stay JSON from Django


def post_worker_init(worker):
    # The app is loaded (Django is set up): prepare the model and the guard's index now rather
    # than in the first request that needs them.
    warm_in_background()


def child_exit(server, worker):
    multiprocess.mark_process_dead(worker.pid)
