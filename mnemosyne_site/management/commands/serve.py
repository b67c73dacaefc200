"""`make run`: web server, Celery worker and beat in the foreground, on the embedded services.

This process holds the embedded PostgreSQL and Redis open for its children, so Ctrl-C stops the
children first and then the services (each stops when its last attached process exits).

It also supervises them (`mnemosyne_site.supervise`): an embedded server that dies is started
again and a child that exits is restarted, with backoff, while the others serve what they can.
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import time

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

from mnemosyne_site import embedded
from mnemosyne_site.supervise import Child, Dependency, flush_outbox


class Command(BaseCommand):
    help = "Run Mnemosyne: web on port 8025, a Celery worker and beat, until Ctrl-C."

    def add_arguments(self, parser):
        parser.add_argument("--no-demo", action="store_true", help="skip the demo data")

    def handle(self, *args, no_demo=False, **options):
        env = os.environ.copy()
        env.setdefault("MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL", "true")
        embedded_broker = not env.get("CELERY_BROKER_URL")
        if embedded_broker:
            env["CELERY_BROKER_URL"] = embedded.broker_url()
        metrics_dir = settings.DATA_DIR / "metrics"
        shutil.rmtree(metrics_dir, ignore_errors=True)
        metrics_dir.mkdir()
        env["PROMETHEUS_MULTIPROC_DIR"] = str(metrics_dir)

        call_command("migrate", interactive=False, verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        call_command("embeddings_export", verbosity=0)
        if not no_demo:
            call_command("seed_demo", verbosity=0)
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

        children = [Child(name, command, env) for name, command in commands.items()]
        self._banner(env)

        stopping = False

        def stop(signum, frame):
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGINT, stop)
        signal.signal(signal.SIGTERM, stop)
        try:
            while not stopping:
                now = time.monotonic()
                for dependency in dependencies:
                    dependency.check(now)
                for child in children:
                    message = child.check(now)
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
                try:
                    process.wait(timeout=max(0.1, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    process.kill()
            self.stdout.write("Mnemosyne stopped.")

    def _banner(self, env):
        port = env.get("MNEMOSYNE_PORT", "8025")
        creds_path = settings.DATA_DIR / "demo_credentials.json"
        creds = json.loads(creds_path.read_text()) if creds_path.exists() else {}
        lines = [
            "",
            f"Mnemosyne is running at http://localhost:{port}/",
            f"  admin:      http://localhost:{port}/admin/",
            f"  API docs:   http://localhost:{port}/api/docs/",
            f"  health:     http://localhost:{port}/healthz   metrics: /metrics",
        ]
        if creds:
            lines += [
                f"  logins:     admin / maintainer / supervisor, password {creds['password']}",
                f"  demo agent: export MNEMOSYNE_TOKEN={creds['agent_token']}",
            ]
        else:
            lines.append("  create a login with: .venv/bin/python manage.py createsuperuser")
        lines += ["Press Ctrl-C to stop.", ""]
        self.stdout.write("\n".join(lines))
