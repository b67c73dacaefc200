"""Python error kinds: small projects that raise real exceptions (chained ones included)."""

from __future__ import annotations

import json

from bench.corpus.errors_core import (
    ENVS,
    PACKAGES,
    SERVICES,
    TABLES,
    Ctx,
    kind,
    log_line,
    python_prelude,
)

MISSING_MODULES = [
    "stripe",
    "sentry_sdk",
    "boto3",
    "pandas",
    "structlog",
    "tenacity",
    "orjson",
    "paramiko",
    "xmltodict",
    "marshmallow",
    "sqlalchemy",
    "flask",
]


def _entry(ctx: Ctx, package: str, module: str) -> tuple[str, str]:
    """How the program is started: a script, a module, or a script with arguments."""
    style = ctx.randint(0, 2)
    if style == 0:
        return "main.py", "python main.py"
    if style == 1:
        return f"{package}/__main__.py", f"python -m {package}"
    env = ctx.pick(ENVS)
    return "scripts/run.py", f"python scripts/run.py --env {env}"


def _write_entry(ctx: Ctx, package: str, call: str, doc: str, imports: list[str]) -> str:
    path, command = _entry(ctx, package, "main")
    prelude, logs = python_prelude(ctx, doc=doc, imports=imports)
    bootstrap = ""
    if path.startswith("scripts/"):
        bootstrap = "import sys\nfrom pathlib import Path\n\n"
        bootstrap += "sys.path.insert(0, str(Path(__file__).resolve().parents[1]))\n"
    body = f"\n\ndef main():\n{log_line(logs, 'starting ' + package)}    {call}\n\n\n"
    body += 'if __name__ == "__main__":\n    main()\n'
    ctx.write(path, bootstrap + prelude + body)
    ctx.write(f"{package}/__init__.py", "")
    return command


@kind(
    "py_module_not_found",
    program="python",
    family="missing-dependency",
    fix="Install the missing package into the project's virtualenv (pip install it, add it to "
    "requirements) and run with that virtualenv's python.",
    about="ModuleNotFoundError for a third-party package that is not installed",
)
def py_module_not_found(ctx: Ctx) -> str:
    package = ctx.pick(PACKAGES)
    missing = ctx.pick(MISSING_MODULES)
    client = ctx.pick(["clients", "adapters", "integrations", "services"])
    prelude, _ = python_prelude(ctx, doc=f"{client.title()} for {package}.", imports=[])
    ctx.write(
        f"{package}/{client}.py",
        prelude + f"import {missing}\n\n\ndef connect():\n    return {missing}\n",
    )
    return _write_entry(
        ctx, package, f"{client}.connect()", "Entry point.", [f"from {package} import {client}"]
    )


@kind(
    "py_import_name",
    program="python",
    family="code-mismatch",
    fix="The imported name does not exist in that module: update the import to the name the "
    "module defines now (it was renamed or moved).",
    about="ImportError: cannot import name X from a local module",
)
def py_import_name(ctx: Ctx) -> str:
    package = ctx.pick(PACKAGES)
    wanted = ctx.pick(["parse_money", "load_rates", "CurrencyField", "retry_policy", "to_cents"])
    present = wanted + ctx.pick(["_v2", "_legacy", "s"])
    prelude, _ = python_prelude(ctx, doc="Helpers.", imports=[])
    ctx.write(f"{package}/utils.py", prelude + f"\n\ndef {present}(value):\n    return value\n")
    return _write_entry(
        ctx, package, f"{wanted}(1)", "Entry point.", [f"from {package}.utils import {wanted}"]
    )


@kind(
    "py_key_error",
    program="python",
    family="missing-config",
    fix="The configuration file lacks a required key: add it (compare with the example config) "
    "or read it with a default.",
    about="KeyError reading a nested key from a JSON configuration",
)
def py_key_error(ctx: Ctx) -> str:
    package = ctx.pick(PACKAGES)
    section = ctx.pick(["database", "redis", "smtp", "storage", "queue"])
    present = ctx.sample(["host", "port", "user", "name", "timeout"], 2)
    missing = ctx.pick(["password", "url", "bucket", "region", "dsn"])
    config = {section: {k: "x" for k in present}}
    ctx.write("config.json", json.dumps(config, indent=2) + "\n")
    prelude, logs = python_prelude(ctx, doc="Settings.", imports=["import json"])
    ctx.write(
        f"{package}/settings.py",
        prelude
        + "\n\ndef load(path='config.json'):\n"
        + "    with open(path) as fh:\n        return json.load(fh)\n\n\n"
        + f"def {section}_{missing}():\n"
        + log_line(logs, "reading config.json")
        + f"    return load()[{section!r}][{missing!r}]\n",
    )
    return _write_entry(
        ctx,
        package,
        f"settings.{section}_{missing}()",
        "Entry.",
        [f"from {package} import settings"],
    )


@kind(
    "py_attribute_none",
    program="python",
    family="code-bug",
    fix="A lookup returned None and its result was used unchecked: handle the no-match case "
    "before calling methods on it.",
    about="AttributeError: 'NoneType' object has no attribute ...",
)
def py_attribute_none(ctx: Ctx) -> str:
    package = ctx.pick(PACKAGES)
    call = ctx.pick(
        [
            "re.match(r'INV-(\\d+)', value).group(1)",
            "headers.get('x-request-id').strip()",
            "headers.get('content-type').lower()",
            "headers.get('authorization').split(' ')[1]",
            "re.search(r'(\\d+)x(\\d+)', value).groups()",
        ]
    )
    value = ctx.pick(["order 1234", "size: large", "n/a", "ref=abc"])
    prelude, logs = python_prelude(ctx, doc="Parsing.", imports=["import re"])
    ctx.write(
        f"{package}/parse.py",
        prelude
        + "\n\ndef extract(value, headers):\n"
        + log_line(logs, "parsing request")
        + f"    return {call}\n",
    )
    return _write_entry(
        ctx, package, f"parse.extract({value!r}, {{}})", "Entry.", [f"from {package} import parse"]
    )


@kind(
    "py_type_missing_arg",
    program="python",
    family="code-mismatch",
    fix="The function's signature changed: pass the new required argument at the call site.",
    about="TypeError: f() missing N required positional argument(s)",
)
def py_type_missing_arg(ctx: Ctx) -> str:
    package = ctx.pick(PACKAGES)
    function = ctx.pick(["build_invoice", "send_receipt", "apply_discount", "create_refund"])
    params = ctx.sample(
        ["customer_id", "amount", "currency", "order", "reason", "idempotency_key"], 3
    )
    given = ctx.randint(1, 2)
    prelude, _ = python_prelude(ctx, doc="Operations.", imports=[])
    ctx.write(
        f"{package}/ops.py",
        prelude + f"\n\ndef {function}({', '.join(params)}):\n    return {params[0]}\n",
    )
    args = ", ".join(str(n) for n in range(given))
    return _write_entry(
        ctx, package, f"ops.{function}({args})", "Entry.", [f"from {package} import ops"]
    )


@kind(
    "py_file_not_found",
    program="python",
    family="missing-file",
    fix="The program opens a file relative to the working directory that is not there: create "
    "it from the example file or run from the project root.",
    about="FileNotFoundError opening a configuration or data file",
)
def py_file_not_found(ctx: Ctx) -> str:
    package = ctx.pick(PACKAGES)
    path = ctx.pick(
        ["config/settings.yaml", "data/rates.csv", ".env.local", "secrets/api_key.txt", "seed.json"]
    )
    prelude, logs = python_prelude(ctx, doc="Loading.", imports=[])
    ctx.write(
        f"{package}/load.py",
        prelude
        + "\n\ndef read():\n"
        + log_line(logs, f"loading {path}")
        + f"    with open({path!r}) as fh:\n        return fh.read()\n",
    )
    return _write_entry(ctx, package, "load.read()", "Entry.", [f"from {package} import load"])


@kind(
    "py_json_decode",
    program="python",
    family="bad-input",
    fix="The file or response is not JSON (empty, or an HTML error page): check what was "
    "actually returned before parsing it.",
    about="json.decoder.JSONDecodeError: Expecting value",
)
def py_json_decode(ctx: Ctx) -> str:
    package = ctx.pick(PACKAGES)
    name = ctx.pick(["cache/rates.json", "fixtures/users.json", "response.json", "state.json"])
    content = ctx.pick(
        [
            "",
            "<!DOCTYPE html>\n<html><body>502 Bad Gateway</body></html>\n",
            "\n\n<html><head><title>Login</title></head></html>\n",
            "   \n",
            "OK\n",
        ]
    )
    ctx.write(name, content)
    prelude, logs = python_prelude(ctx, doc="Cache.", imports=["import json"])
    ctx.write(
        f"{package}/cache.py",
        prelude
        + "\n\ndef load():\n"
        + log_line(logs, f"reading {name}")
        + f"    with open({name!r}) as fh:\n        return json.load(fh)\n",
    )
    return _write_entry(ctx, package, "cache.load()", "Entry.", [f"from {package} import cache"])


@kind(
    "py_unicode_decode",
    program="python",
    family="bad-input",
    fix="The file is not UTF-8 (exported as Latin-1/cp1252): open it with the right encoding, "
    "e.g. open(path, encoding='cp1252').",
    about="UnicodeDecodeError: 'utf-8' codec can't decode byte ... invalid continuation byte",
)
def py_unicode_decode(ctx: Ctx) -> str:
    package = ctx.pick(PACKAGES)
    name = ctx.pick(["exports/customers.csv", "data/products.csv", "import.tsv", "legacy.txt"])
    rows = ["id,name,city"]
    for n in range(ctx.randint(1, 6)):
        rows.append(f"{n},{ctx.pick(['Ana', 'Bob', 'Chen', 'Dana'])},{ctx.pick(['Oslo', 'Lyon'])}")
    rows.append(f"{len(rows)},{ctx.pick(['José', 'Renée', 'Zoë', 'François'])},Montréal")
    ctx.write(name, ("\n".join(rows) + "\n").encode("cp1252"))
    prelude, logs = python_prelude(ctx, doc="Import.", imports=["import csv"])
    ctx.write(
        f"{package}/importer.py",
        prelude
        + "\n\ndef rows():\n"
        + log_line(logs, f"importing {name}")
        + f"    with open({name!r}, newline='') as fh:\n"
        + "        return list(csv.reader(fh))\n",
    )
    return _write_entry(
        ctx, package, "importer.rows()", "Entry.", [f"from {package} import importer"]
    )


@kind(
    "py_c_unclosed_bracket",
    program="python",
    family="syntax",
    fix="The python -c one-liner has an unbalanced bracket: close it (quote the whole snippet in "
    "single quotes so the shell leaves it alone).",
    about="SyntaxError: '(' was never closed, in python -c",
)
def py_c_unclosed_bracket(ctx: Ctx) -> str:
    snippet = ctx.pick(
        [
            "import json; print(json.dumps({'ok': True}, indent=2)",
            "import sys; print(sys.version_info[:2]",
            "import os; print(sorted(os.listdir('.'))",
            "import platform; print(platform.python_version()",
            "print(sum([1, 2, 3])",
            "import math; print([math.sqrt(x) for x in range(4)]",
        ]
    )
    return f'python3 -c "{snippet}"'


@kind(
    "py_indentation_error",
    program="python",
    family="syntax",
    fix="Fix the indentation of the reported line (mixed paste or a stray space): let the "
    "formatter re-indent the file.",
    about="IndentationError: unexpected indent",
)
def py_indentation_error(ctx: Ctx) -> str:
    package = ctx.pick(PACKAGES)
    prelude, _ = python_prelude(ctx, doc="Tasks.", imports=[])
    ctx.write(
        f"{package}/tasks.py",
        prelude
        + "\n\ndef run(items):\n    total = 0\n    for item in items:\n        total += item\n"
        + "      return total\n",
    )
    return _write_entry(
        ctx, package, "tasks.run([1, 2])", "Entry.", [f"from {package} import tasks"]
    )


@kind(
    "py_recursion",
    program="python",
    family="code-bug",
    fix="Unbounded recursion: the self-referencing data (a parent pointing back at a child) "
    "needs a visited set or an iterative walk.",
    about="RecursionError: maximum recursion depth exceeded",
)
def py_recursion(ctx: Ctx) -> str:
    package = ctx.pick(PACKAGES)
    node = ctx.pick(["category", "account", "folder", "org_unit"])
    prelude, logs = python_prelude(ctx, doc="Tree walk.", imports=[])
    ctx.write(
        f"{package}/tree.py",
        prelude
        + f"\n\ndef depth({node}, parents):\n"
        + f"    parent = parents.get({node})\n"
        + "    return 0 if parent is None else 1 + depth(parent, parents)\n\n\n"
        + "def walk():\n"
        + log_line(logs, f"computing {node} depths")
        + "    parents = {'a': 'b', 'b': 'c', 'c': 'a'}\n"
        + "    return depth('a', parents)\n",
    )
    return _write_entry(ctx, package, "tree.walk()", "Entry.", [f"from {package} import tree"])


@kind(
    "py_chained_config_error",
    program="python",
    family="missing-config",
    fix="A required environment variable is not set: export it (see .env.example) before "
    "starting the program.",
    about="A custom ConfigError raised from a KeyError (explicit chain: raise ... from)",
)
def py_chained_config_error(ctx: Ctx) -> str:
    package = ctx.pick(PACKAGES)
    setting = ctx.pick(["DATABASE_URL", "STRIPE_API_KEY", "REDIS_URL", "SECRET_KEY", "S3_BUCKET"])
    prelude, logs = python_prelude(ctx, doc="Settings from the environment.", imports=["import os"])
    ctx.write(
        f"{package}/settings.py",
        prelude
        + "\n\nclass ConfigError(Exception):\n    pass\n\n\n"
        + "def require(name):\n    try:\n        return os.environ[name]\n"
        + "    except KeyError as exc:\n"
        + "        raise ConfigError(f'missing required setting {name}') from exc\n\n\n"
        + "def load():\n"
        + log_line(logs, "loading settings")
        + f"    return {{'value': require({setting!r})}}\n",
    )
    return _write_entry(
        ctx, package, "settings.load()", "Entry.", [f"from {package} import settings"]
    )


@kind(
    "py_chained_service_unavailable",
    program="python",
    family="service-not-listening",
    fix="The dependency service is not running on the configured port: start it (docker "
    "compose up -d <service>) or point the client at the right port.",
    about="RuntimeError raised while handling ConnectionRefusedError (implicit chain)",
)
def py_chained_service_unavailable(ctx: Ctx) -> str:
    package = ctx.pick(PACKAGES)
    service = ctx.pick(SERVICES)
    port = ctx.closed_port()
    attempts = ctx.randint(2, 4)
    prelude, logs = python_prelude(
        ctx, doc="Client with retries.", imports=["import socket", "import time"]
    )
    ctx.write(
        f"{package}/client.py",
        prelude
        + "\n\ndef connect(host='127.0.0.1', port="
        + str(port)
        + f", attempts={attempts}):\n"
        + "    for attempt in range(1, attempts + 1):\n"
        + "        try:\n"
        + "            return socket.create_connection((host, port), timeout=1)\n"
        + "        except ConnectionRefusedError:\n"
        + "            if attempt == attempts:\n"
        + f"                raise RuntimeError(f'{service} unavailable at {{host}}:{{port}} "
        + "after {attempts} attempts')\n"
        + ("            log.warning('attempt %d failed, retrying', attempt)\n" if logs else "")
        + "            time.sleep(0.05)\n",
    )
    return _write_entry(
        ctx, package, "client.connect()", "Entry.", [f"from {package} import client"]
    )


@kind(
    "py_urllib_refused",
    program="python",
    family="service-not-listening",
    fix="Nothing listens at the URL's host and port: start the API server first, or fix the "
    "base URL the script uses.",
    about="urllib.error.URLError: <urlopen error [Errno 111] Connection refused>",
)
def py_urllib_refused(ctx: Ctx) -> str:
    package = ctx.pick(PACKAGES)
    port = ctx.closed_port()
    path = ctx.pick(["/api/v1/health", "/rates/latest", "/v2/orders?limit=10", "/metrics"])
    prelude, logs = python_prelude(ctx, doc="HTTP calls.", imports=["import urllib.request"])
    ctx.write(
        f"{package}/http.py",
        prelude
        + "\n\ndef fetch():\n"
        + log_line(logs, f"GET {path}")
        + f"    with urllib.request.urlopen('http://127.0.0.1:{port}{path}', timeout=5) as r:\n"
        + "        return r.read()\n",
    )
    return _write_entry(ctx, package, "http.fetch()", "Entry.", [f"from {package} import http"])


@kind(
    "py_httpx_refused",
    program="python",
    family="service-not-listening",
    fix="The httpx client cannot reach the service: start the service (or its container) and "
    "check the base_url's port.",
    about="httpx.ConnectError: [Errno 111] Connection refused (chained from httpcore)",
)
def py_httpx_refused(ctx: Ctx) -> str:
    package = ctx.pick(PACKAGES)
    port = ctx.closed_port()
    service = ctx.pick(SERVICES)
    prelude, logs = python_prelude(ctx, doc=f"{service} API client.", imports=["import httpx"])
    ctx.write(
        f"{package}/api.py",
        prelude
        + "\n\ndef get_status():\n"
        + log_line(logs, f"calling {service}")
        + f"    client = httpx.Client(base_url='http://127.0.0.1:{port}', timeout=5)\n"
        + f"    return client.get('/{service}/status').json()\n",
    )
    return _write_entry(ctx, package, "api.get_status()", "Entry.", [f"from {package} import api"])


@kind(
    "py_urllib_404",
    program="python",
    family="http-not-found",
    fix="The endpoint path is wrong (404): check the API's route list or version prefix and "
    "fix the URL.",
    about="urllib.error.HTTPError: HTTP Error 404: File not found",
)
def py_urllib_404(ctx: Ctx) -> str:
    package = ctx.pick(PACKAGES)
    server = ctx.http()
    (server.root / "index.html").write_text("ok\n")
    path = ctx.pick(["/api/v2/users", "/downloads/report.csv", "/v1/rate", "/static/app.js"])
    prelude, logs = python_prelude(ctx, doc="Downloads.", imports=["import urllib.request"])
    ctx.write(
        f"{package}/download.py",
        prelude
        + "\n\ndef get():\n"
        + log_line(logs, f"downloading {path}")
        + f"    return urllib.request.urlopen('{server.url}{path}', timeout=5).read()\n",
    )
    return _write_entry(
        ctx, package, "download.get()", "Entry.", [f"from {package} import download"]
    )


@kind(
    "py_sqlite_no_table",
    program="python",
    family="missing-table",
    fix="The SQLite database has no schema yet: run the migrations (or the schema script) "
    "against that database file first.",
    about="sqlite3.OperationalError: no such table",
)
def py_sqlite_no_table(ctx: Ctx) -> str:
    package = ctx.pick(PACKAGES)
    table = ctx.pick(TABLES)
    db = ctx.pick(["app.db", "data/local.sqlite3", "db.sqlite3", "cache.db"])
    prelude, logs = python_prelude(ctx, doc="Storage.", imports=["import sqlite3"])
    ctx.write(
        f"{package}/store.py",
        prelude
        + "\n\ndef count():\n"
        + log_line(logs, f"opening {db}")
        + f"    conn = sqlite3.connect({db!r})\n"
        + f"    return conn.execute('SELECT count(*) FROM {table}').fetchone()[0]\n",
    )
    (ctx.cwd / db).parent.mkdir(parents=True, exist_ok=True)
    return _write_entry(ctx, package, "store.count()", "Entry.", [f"from {package} import store"])


@kind(
    "py_subprocess_permission",
    program="python",
    family="permission",
    fix="The script run through subprocess is not executable: chmod +x it (and commit the mode), "
    "or run it through its interpreter.",
    about="PermissionError: [Errno 13] Permission denied executing a script via subprocess",
)
def py_subprocess_permission(ctx: Ctx) -> str:
    package = ctx.pick(PACKAGES)
    script = ctx.pick(
        ["scripts/migrate.sh", "bin/seed", "tools/rotate_keys.sh", "scripts/build.sh"]
    )
    ctx.write(script, "#!/bin/sh\necho running\n")
    prelude, logs = python_prelude(ctx, doc="Deploy steps.", imports=["import subprocess"])
    ctx.write(
        f"{package}/deploy.py",
        prelude
        + "\n\ndef step():\n"
        + log_line(logs, f"running {script}")
        + f"    subprocess.run(['./{script}'], check=True)\n",
    )
    return _write_entry(ctx, package, "deploy.step()", "Entry.", [f"from {package} import deploy"])


@kind(
    "pytest_assertion",
    program="pytest",
    family="test-failure",
    fix="A test's expected value no longer matches the code: check whether the code or the "
    "test is wrong, then fix that side and rerun the test.",
    about="pytest run with one failing assertion (summary, durations, short test summary)",
)
def pytest_assertion(ctx: Ctx) -> str:
    package = ctx.pick(PACKAGES)
    function = ctx.pick(["apply_discount", "net_total", "round_cents", "tax_for"])
    rate = ctx.randint(5, 30)
    ctx.write(f"{package}/__init__.py", "")
    ctx.write(
        f"{package}/pricing.py",
        f"def {function}(amount):\n    return round(amount * (1 - {rate} / 100))\n",
    )
    passing = ctx.randint(0, 4)
    tests = [f"from {package}.pricing import {function}\n"]
    for n in range(passing):
        tests.append(f"\n\ndef test_{function}_zero_{n}():\n    assert {function}(0) == 0\n")
    amount = ctx.pick([100, 250, 999, 40])
    wrong = round(amount * (1 - (rate + 5) / 100))
    tests.append(
        f"\n\ndef test_{function}_standard():\n    assert {function}({amount}) == {wrong}\n"
    )
    test_file = f"tests/test_{ctx.pick(['pricing', 'discounts', 'totals'])}.py"
    ctx.write(test_file, "".join(tests))
    ctx.write("tests/__init__.py", "")
    return ctx.pick(["python -m pytest -q", f"python -m pytest {test_file}", "python -m pytest -x"])


@kind(
    "py_cant_open_file",
    program="python",
    family="missing-file",
    fix="The script is not in the current directory: cd to the project root (where the file "
    "is) or give its path.",
    about="python: can't open file ...: [Errno 2] No such file or directory",
)
def py_cant_open_file(ctx: Ctx) -> str:
    ctx.write("README.md", "# project\n")
    script = ctx.pick(["manage.py", "app.py", "main.py", "scripts/seed.py", "run_worker.py"])
    args = ctx.pick(["", " runserver", " --help", " migrate", f" --env {ctx.pick(ENVS)}"])
    return f"python {script}{args}"


@kind(
    "py_value_error_int",
    program="python",
    family="bad-input",
    fix="A numeric column holds non-integer text: validate/clean the input rows (or parse with "
    "float/Decimal) before converting.",
    about="ValueError: invalid literal for int() with base 10",
)
def py_value_error_int(ctx: Ctx) -> str:
    package = ctx.pick(PACKAGES)
    column = ctx.pick(["qty", "quantity", "units", "count", "age"])
    bad = ctx.pick(["N/A", "12.5", "", "ten", "3 pcs", "-"])
    rows = [f"sku,{column}"] + [f"SKU-{n},{ctx.randint(1, 90)}" for n in range(ctx.randint(1, 5))]
    rows.append(f"SKU-99,{bad}")
    name = ctx.pick(["stock.csv", "data/inventory.csv", "upload.csv"])
    ctx.write(name, "\n".join(rows) + "\n")
    prelude, logs = python_prelude(ctx, doc="Stock import.", imports=["import csv"])
    ctx.write(
        f"{package}/stock.py",
        prelude
        + "\n\ndef total():\n"
        + log_line(logs, f"summing {name}")
        + f"    with open({name!r}, newline='') as fh:\n"
        + f"        return sum(int(row[{column!r}]) for row in csv.DictReader(fh))\n",
    )
    return _write_entry(ctx, package, "stock.total()", "Entry.", [f"from {package} import stock"])
