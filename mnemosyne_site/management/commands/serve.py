"""`make run`: web server, Celery worker and beat in the foreground, on the embedded services.

This process holds the embedded PostgreSQL and Redis open for its children, so Ctrl-C stops the
children first and then the services (each stops when its last attached process exits).

With the demo data (the default), what anonymous local agents report lands in the demo project
(`MNEMOSYNE_DEFAULT_SCOPE` is set to it for the children, unless set already), so the demo
maintainer and supervisor see what the README's examples did.

It also supervises them (`mnemosyne_site.supervise`): an embedded server that dies is started
again and a child that exits is restarted, with backoff, while the others serve what they can.
"""

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

from mnemosyne_site import embedded
from mnemosyne_site.supervise import FIRST_START_SECONDS, Child, Dependency, flush_outbox


class Command(BaseCommand):
    help = "Run Mnemosyne: web on port 8025, a Celery worker and beat, until Ctrl-C."

    def add_arguments(self, parser):
        parser.add_argument("--no-demo", action="store_true", help="skip the demo data")

    def handle(self, *args, no_demo=False, **options):
        env = os.environ.copy()
        embedded_broker = not env.get("CELERY_BROKER_URL")
        if embedded_broker:
            env["CELERY_BROKER_URL"] = embedded.broker_url()
        metrics_dir = settings.DATA_DIR / "metrics"
        shutil.rmtree(metrics_dir, ignore_errors=True)
        metrics_dir.mkdir()
        env["PROMETHEUS_MULTIPROC_DIR"] = str(metrics_dir)
        for name, value in process_defaults().items():
            env.setdefault(name, value)

        call_command("migrate", interactive=False, verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        call_command("embeddings_export", verbosity=0)
        call_command("install_anti_patterns", verbosity=0)
        demo: dict = {}
        if not no_demo:
            call_command("seed_demo", verbosity=0)
            demo = json.loads(demo_file().read_text())
        for name, value in local_agent_defaults(demo=demo).items():
            env.setdefault(name, value)
        call_command("setup_periodic_tasks", verbosity=0)

        python = sys.executable
        commands = {
            "web": [
                python,
                "-m",
                "gunicorn",
                "-c",
                "python:mnemosyne_site.gunicorn_conf",
                "mnemosyne_site.wsgi",
            ],
            "worker": [
                python,
                "-m",
                "celery",
                "-A",
                "mnemosyne_site",
                "worker",
                "--loglevel",
                "INFO",
                "--concurrency",
                env.get("WORKER_CONCURRENCY", "2"),
            ],
            "beat": [
                python,
                "-m",
                "celery",
                "-A",
                "mnemosyne_site",
                "beat",
                "--loglevel",
                "INFO",
                "--scheduler",
                "django_celery_beat.schedulers:DatabaseScheduler",
            ],
        }
        dependencies = []
        if settings.DATABASES["default"]["ENGINE"] == "mnemosyne_site.db":
            # Children connect to the socket directory this process keeps the server on.
            env[embedded.PG_SOCKET_DIR_ENV] = embedded.postgres_socket_dir()
            dependencies.append(
                Dependency("PostgreSQL", embedded.postgres_running, embedded.postgres_restart)
            )
        if embedded_broker:
            dependencies.append(
                Dependency("Redis", embedded.redis_running, embedded.redis_restart, flush_outbox)
            )
        stopping = False

        def stop(signum, frame):
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGINT, stop)
        signal.signal(signal.SIGTERM, stop)
        children: list[Child] = []
        try:
            for name, cmd in commands.items():
                # Each child leads its own process group (see `Child.start`). The worker and beat
                # run at a lower priority: the web answers agents who wait, the worker's
                # processing of reports can wait for an idle core (measured by `make bench`: at
                # 10 reports/s the worker took the CPU the web needed).
                niceness = 0 if name == "web" else int(env.get("WORKER_NICE", "10"))
                children.append(Child(name, cmd, env, niceness=niceness))
            self.stdout.write(banner(port=env.get("MNEMOSYNE_PORT", "8025"), demo=demo))
            while not stopping:
                now = time.monotonic()
                for dependency in dependencies:
                    dependency.check(now)
                outage = any(
                    d.last_down is not None and now - d.last_down < FIRST_START_SECONDS
                    for d in dependencies
                )
                for child in children:
                    message = child.check(now, outage=outage)
                    if message:
                        self.stderr.write(message)
                    if child.failed_first_start:
                        stopping = True
                time.sleep(0.5)
        finally:
            processes = [child.process for child in children]
            for process in processes:
                if process.poll() is None:
                    process.terminate()
            deadline = time.monotonic() + 20
            for process in processes:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(timeout=max(0.1, deadline - time.monotonic()))
            for process in processes:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)  # stragglers: workers, pool processes
            # Then this process, detaching last, stops the embedded PostgreSQL.
            embedded.forget_dead_handles()
            self.stdout.write("Mnemosyne stopped.")


def demo_file() -> Path:
    """Where `seed_demo` keeps the demo logins, token and scope."""
    return settings.DATA_DIR / "demo_credentials.json"


def process_defaults() -> dict[str, str]:
    """Thread pools sized for a small machine unless the environment says otherwise: one thread
    per numerical library in each process (the web runs several processes and threads already;
    a BLAS or OpenMP pool per process spinning on every core only contends with them)."""
    return {
        "OMP_NUM_THREADS": "1",
        "OPENBLAS_NUM_THREADS": "1",
        "MKL_NUM_THREADS": "1",
    }


def local_agent_defaults(*, demo: dict) -> dict[str, str]:
    """Settings `make run` gives its processes unless the environment has them: calls from this
    machine without a token are accepted as a local agent, and land in the demo project."""
    defaults = {"MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL": "true"}
    if demo:
        defaults["MNEMOSYNE_DEFAULT_SCOPE"] = demo["scope"]
    return defaults


def banner(*, port: str, demo: dict) -> str:
    """What `make run` prints: where everything is, the demo logins and the demo agent."""
    base = f"http://localhost:{port}"
    lines = [
        "",
        f"Mnemosyne is running at {base}/",
        f"  review:     {base}/review/   (proposals, escalations, dashboard, inbox)",
        f"  admin:      {base}/admin/",
        f"  API docs:   {base}/api/docs/",
        f"  health:     {base}/healthz",
        f"  metrics:    {base}/metrics",
    ]
    if demo:
        lines += [
            f"  logins:     admin / maintainer / supervisor, password {demo['password']}",
            f"  agents:     calls from this machine without a token report into {demo['scope']}",
            f"  demo agent: export MNEMOSYNE_TOKEN={demo['agent_token']}",
        ]
    else:
        lines.append("  create a login with: .venv/bin/python manage.py createsuperuser")
    lines += ["Press Ctrl-C to stop.", ""]
    return "\n".join(lines)
