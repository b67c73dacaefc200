"""Group the messages of a JSONL file into signatures with the production grouping logic.

    python manage.py hindsight_group FILE.jsonl [--field content] [--type-field T]
                                                [--stack-field S] [--no-semantic]

Prints one JSON line per input line, in order: {"signature": "<key>"}. Nothing is stored: the
pipeline (`hindsight.pipeline`) runs over in-memory stores, exactly as capture runs it over the
database: normalisation, fingerprint, template grouping, and the similarity dedup of new
templates (embedding each new template once; `--no-semantic` skips that step).
"""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from hindsight import conf
from hindsight.pipeline import InMemoryGrouping
from mnemosyne_site.embeddings import embed_one


def _text(value) -> str:
    if value is None:
        return ""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


class Command(BaseCommand):
    help = "Group a JSONL file's messages into signatures (prints one JSON line per input)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="JSONL file, or - for standard input")
        parser.add_argument("--field", default="content", help="the message field")
        parser.add_argument("--type-field", default="", help="an error-type field, if any")
        parser.add_argument("--stack-field", default="", help="a stack-trace field, if any")
        parser.add_argument(
            "--no-semantic", action="store_true", help="skip the embedding similarity step"
        )

    def handle(self, *args, **options):
        embed = None
        if not options["no_semantic"]:
            embed = embed_one
        grouping = InMemoryGrouping(embed=embed, dedup_similarity=conf.HINDSIGHT_DEDUP_SIMILARITY)
        try:
            stream = (
                sys.stdin
                if options["file"] == "-"
                else open(  # noqa: SIM115
                    options["file"], encoding="utf-8", errors="replace"
                )
            )
        except OSError as exc:
            raise CommandError(f"cannot read {options['file']}: {exc}") from None
        out = self.stdout
        with stream:
            for line_number, line in enumerate(stream, start=1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                except json.JSONDecodeError:
                    raise CommandError(f"line {line_number} is not JSON") from None
                if not isinstance(record, dict):
                    record = {options["field"]: record}
                key = grouping.add(
                    _text(record.get(options["field"])),
                    error_type=_text(record.get(options["type_field"]))
                    if options["type_field"]
                    else "",
                    stack=_text(record.get(options["stack_field"]))
                    if options["stack_field"]
                    else "",
                )
                try:
                    out.write(json.dumps({"signature": key}))
                except BrokenPipeError:  # the reader has seen enough (`| head`)
                    return
