"""Behaviour of hindsight.extract: the line an error signature is built from, and its type."""

from __future__ import annotations

import pytest

from hindsight.extract import extract_error, key_text
from hindsight.pipeline import prepare_error

CHAINED = """2024-05-01 10:00:01,123 INFO [4242] starting billing
Traceback (most recent call last):
  File "/home/dev/src/billing/config.py", line 14, in load
    return os.environ["BILLING_API_KEY"]
  File "<frozen os>", line 679, in __getitem__
KeyError: 'BILLING_API_KEY'

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/home/dev/src/billing/main.py", line 9, in <module>
    main()
  File "/home/dev/src/billing/config.py", line 16, in load
    raise RuntimeError("billing is not configured") from exc
RuntimeError: billing is not configured
"""


def test_a_chained_traceback_is_filed_under_its_last_exception():
    key = extract_error("Bash exit 1", CHAINED)
    assert (key.error_type, key.key, key.source) == (
        "RuntimeError",
        "RuntimeError: billing is not configured",
        "traceback",
    )


def test_a_syntax_error_without_a_traceback_header_is_found():
    output = (
        '  File "/srv/app/jobs.py", line 7\n    print("x"\n         ^\n'
        "SyntaxError: '(' was never closed\n"
    )
    key = extract_error("Bash exit 1", output)
    assert key.error_type == "SyntaxError"
    assert key_text(key.key) == "SyntaxError: <STR> was never closed"


def test_a_qualified_exception_is_filed_under_its_class_name():
    output = (
        "Traceback (most recent call last):\n"
        '  File "/app/client.py", line 3, in <module>\n    requests.get(url)\n'
        "requests.exceptions.ConnectionError: HTTPConnectionPool(host='127.0.0.1', port=8123): "
        "Max retries exceeded with url: /health\n"
    )
    key = extract_error("ConnectionError", output)
    assert key.error_type == "ConnectionError"
    assert key.key.startswith("ConnectionError: HTTPConnectionPool(")


@pytest.mark.parametrize(
    ("output", "error_type"),
    [
        (
            "curl: (7) Failed to connect to 127.0.0.1 port 8123 after 0 ms: "
            "Couldn't connect to server",
            "curl",
        ),
        (
            'psql: error: connection to server at "127.0.0.1", port 8123 failed: Connection '
            "refused\n\tIs the server running on that host and accepting TCP/IP connections?",
            "psql: error",
        ),
        (
            'Traceback (most recent call last):\n  File "/a.py", line 1, in <module>\n'
            "    urlopen(u)\nurllib.error.URLError: <urlopen error [Errno 111] Connection refused>",
            "URLError",
        ),
    ],
)
def test_a_refused_connection_is_filed_under_the_program_that_saw_it(output, error_type):
    assert extract_error("Bash exit 7", output).error_type == error_type


def test_noise_hints_and_progress_are_not_the_error():
    output = (
        "Enumerating objects: 5, done.\n"
        "Counting objects: 100% (5/5), done.\n"
        "warning: redirecting to /srv/git/app.git/\n"
        "fatal: couldn't find remote ref feature/refund-flow\n"
        "hint: see 'git help fetch'\n"
    )
    key = extract_error("Bash exit 128", output)
    assert (key.error_type, key.key) == (
        "fatal",
        "fatal: couldn't find remote ref feature/refund-flow",
    )


def test_npm_is_filed_under_its_error_code():
    output = (
        "npm warn config production Use `--omit=dev` instead.\n"
        "npm error code E404\n"
        "npm error 404 Not Found - GET http://127.0.0.1:4873/left-pad-x - Not found\n"
        "npm error A complete log of this run can be found in: "
        "/home/ci/.npm/_logs/2024-05-01T10_00_00_000Z-debug-0.log\n"
    )
    key = extract_error("Bash exit 1", output)
    assert (key.error_type, key.key) == ("npm: E404", "npm error code E404")


def test_a_compiler_error_drops_its_location_and_beats_the_wrapping_make_line():
    output = (
        "cc -c -o main.o main.c\n"
        "main.c: In function 'main':\n"
        "main.c:4:12: error: 'total' undeclared (first use in this function)\n"
        "    4 |     return total;\n"
        "main.c:4:12: note: each undeclared identifier is reported only once\n"
        "make: *** [<builtin>: main.o] Error 1\n"
    )
    key = extract_error("Bash exit 2", output)
    assert key.error_type == "error"
    assert key_text(key.key) == "error: <STR> undeclared (first use in this function)"


def test_a_summary_line_is_the_key_when_nothing_else_was_printed():
    key = extract_error("Bash exit 2", "make: *** [Makefile:3: all] Error 2\n")
    assert key.key == "make: *** [Makefile:3: all] Error 2"


@pytest.mark.parametrize(
    ("line", "text"),
    [
        (
            "curl: (22) The requested URL returned error: 404",
            "curl: (22) The requested URL returned error: 404",
        ),
        (
            "curl: (22) The requested URL returned error: 500",
            "curl: (22) The requested URL returned error: 500",
        ),
        (
            "OSError: [Errno 98] Address already in use",
            "OSError: [Errno 98] Address already in use",
        ),
        ("retry 3 of 5 after 200 ms", "retry <NUM> of <NUM> after <DURATION>"),
    ],
)
def test_codes_are_kept_and_other_numbers_masked(line, text):
    assert key_text(line) == text


def test_the_callers_type_stays_when_the_message_has_no_structure():
    key = extract_error("TimeoutError", "Connection to 10.0.0.1:5432 timed out after 30s")
    assert (key.error_type, key.source) == ("TimeoutError", "message")
    assert extract_error("Bash exit 1", "something odd happened").error_type == "Bash"
    assert extract_error("", "ValueError: bad input").error_type == "ValueError"


def test_colour_codes_and_the_exit_line_are_stripped():
    key = extract_error("", 'Exit code 1\n\x1b[31merror:\x1b[0m Missing script: "build"')
    assert key.key == 'error: Missing script: "build"'


def test_variants_of_one_failure_share_the_prepared_key():
    a = prepare_error("Bash exit 1", CHAINED)
    b = prepare_error(
        "Bash exit 1",
        CHAINED.replace("billing", "ledger").replace("line 16", "line 44").replace("4242", "17"),
    )
    assert a.error_type == b.error_type == "RuntimeError"
    assert a.message.text.replace("billing", "ledger") == b.message.text
    assert a.given_type == "Bash exit 1"


def test_the_innermost_severity_of_a_line_is_its_key():
    key = extract_error(
        "Bash exit 2",
        'psql: error: connection to server on socket "/tmp/pg/.s.PGSQL.5432" failed: '
        'FATAL:  database "shop_dev" does not exist',
    )
    assert (key.error_type, key.pattern) == ("psql: FATAL", "FATAL: database <STR> does not exist")
    key = extract_error("Bash exit 3", 'psql:migrations/0002.sql:3: ERROR:  relation "x" missing')
    assert (key.error_type, key.key) == ("ERROR", 'ERROR:  relation "x" missing')


def test_a_message_in_a_drawn_box_is_found():
    output = "╷\n│ Error: Reference to undeclared input variable\n│ \n│   on main.tf line 6\n╵\n"
    key = extract_error("Bash exit 1", output)
    assert (key.error_type, key.key) == ("Error", "Error: Reference to undeclared input variable")


def test_one_word_messages_and_parts_between_colons_are_names():
    assert extract_error("", "ClassNotFoundException: com.acme.Worker").pattern == (
        "ClassNotFoundException: <NAME>"
    )
    assert key_text("bash: line 1: deploy: command not found") == (
        "bash: line <LINE>: <NAME>: command not found"
    )
    assert key_text("/srv/run.sh: line 3: API_KEY: unbound variable") == (
        "<PATH>: line <LINE>: <NAME>: unbound variable"
    )
    # not a name: a severity, a quoted value, a number, the last part
    assert key_text("psql: error: x y") == "psql: error: x y"
    assert key_text("fatal: not a git repository: .git") == "fatal: not a git repository: .git"


def test_an_errno_named_only_in_warnings_joins_the_type():
    refused = (
        "WARNING: Retrying (Retry(total=0)) after connection broken by 'NewConnectionError("
        "'Failed to establish a new connection: [Errno 111] Connection refused')': /simple/x/\n"
        "ERROR: No matching distribution found for x\n"
    )
    assert extract_error("Bash exit 1", refused).error_type == "ERROR (ECONNREFUSED)"
    missing = "ERROR: No matching distribution found for x\n"
    assert extract_error("Bash exit 1", missing).error_type == "ERROR"
    # an errno in a line that is not a warning is part of the story, not a hidden cause
    verbose = "* connect to 127.0.0.1 port 9 failed: Connection refused\ncurl: (7) Failed\n"
    assert extract_error("Bash exit 7", verbose).error_type == "curl"


def test_npm_explains_its_first_line_in_the_lines_after():
    output = (
        'npm error Missing script: "start:dev"\nnpm error\nnpm error To see a list of scripts,'
        " run:\nnpm error   npm run\nnpm error A complete log of this run can be found in: /x.log"
    )
    assert extract_error("Bash exit 1", output).pattern == "npm error Missing script: <STR>"


def test_a_javascript_error_is_found_above_a_stack_that_starts_late():
    output = (
        "file:///srv/app/index.js:2\nconst fs = require('fs');\n           ^\n\n"
        "ReferenceError: require is not defined in ES module scope, you can use import instead\n"
        "This file is being treated as an ES module because it has a '.js' file extension.\n"
        "    at file:///srv/app/index.js:2:12\n    at ModuleJob.run (node:internal)\n\n"
        "Node.js v20.20.2\n"
    )
    key = extract_error("Bash exit 1", output)
    assert key.error_type == "ReferenceError" and key.key.startswith("ReferenceError: require")
    coded = "Error [ERR_REQUIRE_ESM]: require() of ES Module x not supported.\n    at y (z.js:1:1)"
    assert extract_error("", coded).error_type == "Error [ERR_REQUIRE_ESM]"


def test_usage_hints_are_noise_and_flags_are_variables():
    output = (
        "unknown flag: --tags\n\nUsage:  docker build [OPTIONS] PATH | URL | -\n\n"
        "Run 'docker build --help' for more information\n"
    )
    assert extract_error("Bash exit 125", output).pattern == "unknown flag: <FLAG>"


def test_short_shas_are_masked():
    assert key_text("error: could not apply 36e498a... fix totals") == (
        "error: could not apply <HEX>... fix totals"
    )


def test_a_test_runner_failure_is_filed_under_its_exception():
    output = (
        "============================= test session starts ==============================\n"
        "rootdir: /home/ci/src/ledger\nplugins: anyio-4.2.0\ncollected 3 items\n\n"
        "tests/test_totals.py ..F                                                   [100%]\n\n"
        "    def test_total():\n>       assert total([1, 2]) == 4\nE       assert 3 == 4\n\n"
        "tests/test_totals.py:9: AssertionError\n"
        "=========================== short test summary info ============================\n"
        "FAILED tests/test_totals.py::test_total - assert 3 == 4\n"
        "========================= 1 failed, 2 passed in 0.05s ==========================\n"
    )
    key = extract_error("Bash exit 1", output)
    assert (key.error_type, key.pattern) == (
        "AssertionError",
        "AssertionError: assert <NUM> == <NUM>",
    )
    raised = "E       KeyError: 'user'\nFAILED tests/test_a.py::test_b - KeyError: 'user'\n"
    assert extract_error("Bash exit 1", raised).error_type == "KeyError"
