"""`make run`: web server, Celery worker and beat in the foreground, on the embedded services.

This process holds the embedded PostgreSQL and Redis open for its children, so Ctrl-C stops the
children first and then the services (each stops when its last attached process exits).
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


class Command(BaseCommand):
    help = "Run Mnemosyne: web on port 8025, a Celery worker and beat, until Ctrl-C."

    def add_arguments(self, parser):
        parser.add_argument("--no-demo", action="store_true", help="skip the demo data")

    def handle(self, *args, no_demo=False, **options):
        env = os.environ.copy()
        env.setdefault("MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL", "true")
        if not env.get("CELERY_BROKER_URL"):
            env["CELERY_BROKER_URL"] = embedded.broker_url()
        metrics_dir = settings.DATA_DIR / "metrics"
        shutil.rmtree(metrics_dir, ignore_errors=True)
        metrics_dir.mkdir()
        env["PROMETHEUS_MULTIPROC_DIR"] = str(metrics_dir)

        call_command("migrate", interactive=False, verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        call_command("embeddings_export", verbosity=0)
        call_command("install_anti_patterns", verbosity=0)
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
        children = {name: subprocess.Popen(cmd, env=env) for name, cmd in commands.items()}
        self._banner(env)

        stopping = False

        def stop(signum, frame):
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGINT, stop)
        signal.signal(signal.SIGTERM, stop)
        try:
            while not stopping:
                for name, child in children.items():
                    if child.poll() is not None:
                        self.stderr.write(f"{name} exited with {child.returncode}; stopping")
                        stopping = True
                time.sleep(0.5)
        finally:
            for child in children.values():
                if child.poll() is None:
                    child.terminate()
            deadline = time.monotonic() + 20
            for child in children.values():
                try:
                    child.wait(timeout=max(0.1, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    child.kill()
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
