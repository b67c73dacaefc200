"""Error kinds of pip, npm and node, curl, docker, make, the shell, compilers and ops tools."""

from __future__ import annotations

import json

from bench.corpus.errkit import Registry
from bench.corpus.errors_core import ENVS, SERVICES, Ctx, kind

PY_NAMES = ["acme-core", "ledger-client", "rates-sdk", "fastqueue", "pyinvoice", "authkit"]
PUBLIC_PY = ["flask", "requests", "django", "celery", "pydantic", "boto3", "numpy"]
NPM_NAMES = ["left-pad", "express", "lodash", "axios", "dayjs", "zod", "chalk"]


# --- pip ---------------------------------------------------------------------------------------


def _venv(ctx: Ctx) -> None:
    ctx.venv()


def _pip(ctx: Ctx, args: str) -> str:
    """pip of the project's virtualenv (a copy of one made once per generator run)."""
    quiet = ctx.pick(["", "", "-q "])
    return f".venv/bin/python -m pip install {quiet}{args}"


@kind(
    "pip_no_matching_dist",
    program="pip",
    family="missing-package",
    fix="The package index has no such package or version: check the exact name and the "
    "available versions (pip index versions <name>) and fix the requirement.",
    about="ERROR: Could not find a version that satisfies the requirement / No matching "
    "distribution found",
)
def pip_no_matching_dist(ctx: Ctx) -> str:
    registry = Registry()
    for name in PY_NAMES:
        for version in ["1.0.0", "1.1.0", "2.0.0"]:
            registry.add_wheel(name, version)
    server = ctx.http(registry)
    _venv(ctx)
    if ctx.randint(0, 1):
        wanted = ctx.pick(PY_NAMES).replace("-", ctx.pick(["_", "", "-py-"]))
        wanted += ctx.pick(["s", "-lib", "-client", "2"])
    else:
        wanted = f"{ctx.pick(PY_NAMES)}=={ctx.pick(['3.0.0', '0.9.1', '2.4'])}"
    return _pip(ctx, f"--index-url {server.url}/simple {wanted}")


@kind(
    "pip_resolution_impossible",
    program="pip",
    family="dependency-conflict",
    fix="Two pins conflict: relax one of them (or upgrade the package whose dependency range "
    "excludes the other pin) so one version satisfies both.",
    about="ERROR: Cannot install ... because these package versions have conflicting "
    "dependencies (ResolutionImpossible)",
)
def pip_resolution_impossible(ctx: Ctx) -> str:
    core, plugin = ctx.sample(PY_NAMES, 2)
    registry = Registry()
    registry.add_wheel(core, "1.4.0")
    registry.add_wheel(core, "2.1.0")
    registry.add_wheel(plugin, "0.9.0", (f"{core}<2",))
    server = ctx.http(registry)
    _venv(ctx)
    pins = [f"{core}==2.1.0", f"{plugin}==0.9.0"]
    ctx.rng.shuffle(pins)
    if ctx.randint(0, 1):
        ctx.write("requirements.txt", "\n".join(pins) + "\n")
        return _pip(ctx, f"-i {server.url}/simple -r requirements.txt")
    return _pip(ctx, f"--index-url {server.url}/simple {' '.join(pins)}")


@kind(
    "pip_index_refused",
    program="pip",
    family="service-not-listening",
    fix="pip cannot reach the configured package index: start the local index/proxy or point "
    "--index-url (PIP_INDEX_URL) at one that is up.",
    about="pip retries a refused index connection, then: No matching distribution found",
)
def pip_index_refused(ctx: Ctx) -> str:
    port = ctx.closed_port()
    _venv(ctx)
    name = ctx.pick(PUBLIC_PY)
    return _pip(ctx, f"--index-url http://127.0.0.1:{port}/simple {name}")


@kind(
    "pip_requirements_missing",
    program="pip",
    family="missing-file",
    fix="The requirements file is not at that path: run from the project root or give the "
    "right file name.",
    about="ERROR: Could not open requirements file: [Errno 2] No such file or directory",
)
def pip_requirements_missing(ctx: Ctx) -> str:
    _venv(ctx)
    ctx.write("requirements.txt", "requests\n")
    name = ctx.pick(["requirements-dev.txt", "requirements/prod.txt", "dev-requirements.txt"])
    return _pip(ctx, f"-r {name}")


# --- npm and node ------------------------------------------------------------------------------


def _package_json(ctx: Ctx, **fields) -> None:
    data = {"name": ctx.project, "version": f"1.{ctx.randint(0, 9)}.0", "private": True, **fields}
    ctx.write("package.json", json.dumps(data, indent=2) + "\n")


@kind(
    "npm_missing_script",
    program="npm",
    family="missing-target",
    fix="package.json has no such script: run npm run to list the scripts and use the right "
    "name (or add the script).",
    about='npm error Missing script: "X"',
)
def npm_missing_script(ctx: Ctx) -> str:
    scripts = {"build": "node build.js", "test": "node --test", "lint": "eslint ."}
    _package_json(ctx, scripts=scripts)
    return f"npm run {ctx.pick(['deploy', 'buidl', 'start:dev', 'typecheck', 'e2e', 'serve'])}"


@kind(
    "npm_no_package_json",
    program="npm",
    family="wrong-directory",
    fix="There is no package.json here: cd into the package's folder (or npm init it) before "
    "running npm scripts.",
    about="npm error code ENOENT ... Could not read package.json",
)
def npm_no_package_json(ctx: Ctx) -> str:
    ctx.write("README.md", "# docs\n")
    return ctx.pick(["npm run build", "npm test", "npm start", "npm run dev", "npm run lint"])


@kind(
    "npm_registry_refused",
    program="npm",
    family="service-not-listening",
    fix="npm cannot reach the configured registry: start the registry proxy or fix the "
    "registry setting in .npmrc.",
    about="npm error code ECONNREFUSED (registry on a refused port)",
)
def npm_registry_refused(ctx: Ctx) -> str:
    port = ctx.closed_port()
    _package_json(ctx)
    # Shorter back-off between npm's retries than its default, so a run takes seconds; the
    # printed error is the same.
    ctx.env["npm_config_fetch_retry_mintimeout"] = "100"
    ctx.env["npm_config_fetch_retry_maxtimeout"] = "400"
    name = ctx.pick(NPM_NAMES)
    return ctx.pick(
        [
            f"npm install {name} --registry http://127.0.0.1:{port}/",
            f"npm i --registry=http://127.0.0.1:{port} {name}",
        ]
    )


@kind(
    "npm_e404",
    program="npm",
    family="missing-package",
    fix="The registry has no package by that name: check the spelling (and the scope) on the "
    "registry before installing.",
    about="npm error code E404 ... is not in this registry",
)
def npm_e404(ctx: Ctx) -> str:
    registry = Registry()
    for name in NPM_NAMES:
        registry.add_npm(name, "1.0.0")
    server = ctx.http(registry)
    _package_json(ctx)
    wanted = ctx.pick(NPM_NAMES) + ctx.pick(["x", "-js", "s", "-utils"])
    return f"npm install {wanted} --registry {server.url}/npm/"


@kind(
    "npm_eresolve",
    program="npm",
    family="dependency-conflict",
    fix="A peer dependency range excludes the installed version: install a plugin version "
    "that supports it (or align the versions); --legacy-peer-deps only hides it.",
    about="npm error code ERESOLVE unable to resolve dependency tree",
)
def npm_eresolve(ctx: Ctx) -> str:
    host = ctx.pick(["reactish", "vuelike", "corelib", "webframe"])
    plugin = f"{host}-{ctx.pick(['router', 'forms', 'charts', 'table'])}"
    registry = Registry()
    registry.add_npm(host, "17.0.2")
    registry.add_npm(host, "18.2.0")
    registry.add_npm(plugin, "2.3.0", peerDependencies={host: "^17.0.0"})
    server = ctx.http(registry)
    _package_json(ctx, dependencies={host: "^18.2.0", plugin: "^2.3.0"})
    return ctx.pick(
        [
            f"npm install --registry {server.url}/npm/",
            f"npm ci --registry={server.url}/npm/",
            f"npm i --registry {server.url}/npm/",
        ]
    )


@kind(
    "node_module_not_found",
    program="node",
    family="missing-dependency",
    fix="The module is not installed in node_modules: npm install it (save it to "
    "package.json) and rerun.",
    about="Error: Cannot find module 'X' (MODULE_NOT_FOUND)",
)
def node_module_not_found(ctx: Ctx) -> str:
    module = ctx.pick(["express", "dotenv", "pg", "ioredis", "jsonwebtoken", "axios"])
    entry = ctx.pick(["server.js", "index.js", "src/app.js", "bin/worker.js"])
    lines = ["'use strict';"] + [
        "// " + ctx.pick(["config", "setup"]) for _ in range(ctx.randint(0, 4))
    ]
    lines.append(f"const dep = require('{module}');")
    lines.append("console.log(typeof dep);")
    ctx.write(entry, "\n".join(lines) + "\n")
    return f"node {entry}"


@kind(
    "node_type_error_undefined",
    program="node",
    family="code-bug",
    fix="A property was read from undefined (the response/field is missing): check the data "
    "shape and guard with optional chaining or a default.",
    about="TypeError: Cannot read properties of undefined (reading 'X')",
)
def node_type_error_undefined(ctx: Ctx) -> str:
    field = ctx.pick(["items", "data", "results", "rows"])
    method = ctx.pick(["map", "length", "forEach", "filter", "id"])
    entry = ctx.pick(["report.js", "src/sync.js", "scripts/export.js"])
    pad = "\n" * ctx.randint(0, 5)
    ctx.write(
        entry,
        f"{pad}function render(response) {{\n  return response.{field}.{method};\n}}\n\n"
        f"console.log('rendering {ctx.pick(SERVICES)}');\nrender({{ status: 'ok' }});\n",
    )
    return f"node {entry}"


@kind(
    "node_require_in_esm",
    program="node",
    family="module-system",
    fix='The package is an ES module ("type": "module") but the file calls require: use import '
    "(or rename the file .cjs).",
    about="ReferenceError: require is not defined in ES module scope",
)
def node_require_in_esm(ctx: Ctx) -> str:
    module = ctx.pick(["fs", "path", "os", "url", "crypto", "child_process"])
    entry = ctx.pick(["index.js", "src/main.js", "scripts/migrate.js"])
    comments = "".join("// " + ctx.pick(["todo", "entry"]) + "\n" for _ in range(ctx.randint(0, 3)))
    ctx.write(
        entry, f"{comments}const {module} = require('{module}');\n\nconsole.log(typeof {module});\n"
    )
    _package_json(ctx, type="module")
    return f"node {entry}"


# --- curl --------------------------------------------------------------------------------------


def _curl(ctx: Ctx, url: str, *, fail: bool = True) -> str:
    flags = ctx.pick(["-sS", "-fsS", "-f", "-v", "-fsSL", "--fail --silent --show-error"])
    if fail and "f" not in flags.replace("--silent", ""):
        flags = "-f " + flags
    return f"curl {flags} {url}"


@kind(
    "curl_refused",
    program="curl",
    family="service-not-listening",
    fix="Nothing listens on that port: start the local server (check it with ss -ltnp) or fix "
    "the port in the URL.",
    about="curl: (7) Failed to connect to 127.0.0.1 port N ... Couldn't connect to server",
)
def curl_refused(ctx: Ctx) -> str:
    port = ctx.closed_port()
    path = ctx.pick(["/health", "/api/v1/status", "/", "/metrics", "/graphql"])
    host = ctx.pick(["127.0.0.1", "localhost"])
    return _curl(ctx, f"http://{host}:{port}{path}", fail=False)


@kind(
    "curl_404",
    program="curl",
    family="http-not-found",
    fix="The server answers 404 for that path: check the route (prefix, version, trailing "
    "slash) against the server's routes.",
    about="curl: (22) The requested URL returned error: 404",
)
def curl_404(ctx: Ctx) -> str:
    server = ctx.http()
    (server.root / "index.html").write_text("<h1>ok</h1>\n")
    path = ctx.pick(["/api/v2/orders", "/healthz", "/static/app.css", "/v1/users/42", "/docs/"])
    return _curl(ctx, f"{server.url}{path}")


@kind(
    "curl_500",
    program="curl",
    family="server-error",
    fix="The server fails with 500 on that request: read the server's log for the exception "
    "behind it and fix the handler.",
    about="curl: (22) The requested URL returned error: 500",
)
def curl_500(ctx: Ctx) -> str:
    server = ctx.http()
    return _curl(
        ctx, f"{server.url}/status/500/{ctx.pick(['orders', 'checkout', 'sync', 'report'])}"
    )


@kind(
    "curl_empty_reply",
    program="curl",
    family="server-crash",
    fix="The server accepted the connection and closed it without answering: it is crashing "
    "or speaking another protocol (TLS on that port?); check its log.",
    about="curl: (52) Empty reply from server",
)
def curl_empty_reply(ctx: Ctx) -> str:
    port = ctx.listener("close")
    return _curl(
        ctx, f"http://127.0.0.1:{port}/{ctx.pick(['api/ping', '', 'v1/jobs'])}", fail=False
    )


@kind(
    "curl_timeout",
    program="curl",
    family="service-hung",
    fix="The server accepts connections but never answers: it is hung or overloaded; check its "
    "worker threads and logs, then restart it.",
    about="curl: (28) Operation timed out after N milliseconds with 0 bytes received",
)
def curl_timeout(ctx: Ctx) -> str:
    port = ctx.listener("hang")
    seconds = ctx.randint(1, 3)
    url = f"http://127.0.0.1:{port}/{ctx.pick(['api/report', 'export', 'health'])}"
    return ctx.pick([f"curl -sS --max-time {seconds} {url}", f"curl -m {seconds} -fsS {url}"])


# --- docker ------------------------------------------------------------------------------------


@kind(
    "docker_daemon_down",
    program="docker",
    family="service-not-listening",
    fix="The Docker daemon is not running (or DOCKER_HOST points at nothing): start Docker "
    "(systemctl start docker / Docker Desktop) and retry.",
    about="Cannot connect to the Docker daemon at ... Is the docker daemon running?",
)
def docker_daemon_down(ctx: Ctx) -> str:
    if ctx.randint(0, 2) == 0:
        ctx.env["DOCKER_HOST"] = f"tcp://127.0.0.1:{ctx.closed_port()}"
    return ctx.pick(
        [
            "docker ps",
            "docker images",
            f"docker run --rm -p 8080:8080 {ctx.project}:latest",
            "docker pull postgres:16",
            f"docker logs {ctx.pick(SERVICES)}",
            "docker exec -it db psql -U postgres",
        ]
    )


@kind(
    "docker_unknown_flag",
    program="docker",
    family="cli-usage",
    fix="docker does not know that flag (a typo or a compose-only option): check docker <cmd> "
    "--help for the right spelling.",
    about="unknown flag: --X / See 'docker run --help'",
)
def docker_unknown_flag(ctx: Ctx) -> str:
    return ctx.pick(
        [
            "docker run --detatch nginx",
            "docker run --rm --enviroment FOO=1 alpine env",
            "docker ps --all-containers",
            "docker build --tags app:dev .",
            "docker run --port 8080:80 nginx",
        ]
    )


# --- make --------------------------------------------------------------------------------------


def _makefile(ctx: Ctx, targets: list[str], *, broken: bool = False) -> None:
    lines = [".PHONY: " + " ".join(targets), ""]
    for target in targets:
        indent = "    " if broken and target == targets[-1] else "\t"
        lines += [f"{target}:", f"{indent}@echo {target} done", ""]
    ctx.write("Makefile", "\n".join(lines))


@kind(
    "make_no_rule",
    program="make",
    family="missing-target",
    fix="The Makefile has no such target: list the targets (make -qp | grep ':' or read the "
    "Makefile) and use the right one.",
    about="make: *** No rule to make target 'X'.  Stop.",
)
def make_no_rule(ctx: Ctx) -> str:
    _makefile(ctx, ctx.sample(["build", "test", "lint", "run", "install", "clean"], 3))
    return f"make {ctx.pick(['deploy', 'tset', 'release', 'migrate', 'docs', 'bench'])}"


@kind(
    "make_missing_separator",
    program="make",
    family="syntax",
    fix="A recipe line is indented with spaces: make needs a tab at the start of every recipe "
    "line.",
    about="Makefile:N: *** missing separator.  Stop.",
)
def make_missing_separator(ctx: Ctx) -> str:
    targets = ctx.sample(["build", "test", "lint", "run", "install", "clean"], ctx.randint(1, 4))
    _makefile(ctx, targets, broken=True)
    return ctx.pick(["make", f"make {targets[0]}"])


@kind(
    "make_no_makefile",
    program="make",
    family="wrong-directory",
    fix="There is no Makefile in this directory: cd to the project root (where the Makefile "
    "is) or pass -C <dir>.",
    about="make: *** No targets specified and no makefile found.  Stop.",
)
def make_no_makefile(ctx: Ctx) -> str:
    ctx.write(ctx.pick(["src/main.c", "README.md", "docs/index.md"]), "x\n")
    return ctx.pick(["make", "make -j4", "make -s", "make --jobs=2"])


# --- the shell ---------------------------------------------------------------------------------


@kind(
    "sh_command_not_found",
    program="bash",
    family="missing-tool",
    fix="The command is not installed (or misspelled): install the tool or fix the name, and "
    "check with command -v.",
    about="bash: line 1: X: command not found (exit 127)",
)
def sh_command_not_found(ctx: Ctx) -> str:
    return ctx.pick(
        [
            "terraformm plan",
            "pyhton app.py",
            "dokcer ps",
            "kubeclt get pods",
            "yarn install",
            "poetry install",
            "helm upgrade --install api ./chart",
            "gh pr create --fill",
        ]
    )


@kind(
    "sh_permission_denied",
    program="bash",
    family="permission",
    fix="The script lacks the execute bit: chmod +x it (or run it with bash <script>).",
    about="bash: line 1: ./X: Permission denied (exit 126)",
)
def sh_permission_denied(ctx: Ctx) -> str:
    script = ctx.pick(["deploy.sh", "scripts/release.sh", "bin/setup", "run-tests.sh"])
    ctx.write(script, "#!/bin/bash\necho ok\n")
    (ctx.cwd / script).chmod(0o644)
    args = ctx.pick(["", f" {ctx.pick(ENVS)}", " --dry-run"])
    return f"./{script}{args}"


@kind(
    "sh_no_such_file",
    program="cat",
    family="missing-file",
    fix="The file is not at that path: list the directory (ls) and use the right path, or "
    "create the file from its example.",
    about="cat: X: No such file or directory",
)
def sh_no_such_file(ctx: Ctx) -> str:
    ctx.write("config/example.yml", "a: 1\n")
    path = ctx.pick(["config/app.yml", ".env", "logs/app.log", "VERSION", "secrets/token"])
    tail = ctx.pick(["", "", " | grep -i error"])
    return f"cat {path}{tail}"


@kind(
    "sh_cd_missing",
    program="bash",
    family="wrong-directory",
    fix="The directory does not exist (not built yet, or a wrong relative path): create or "
    "build it first, or cd to the right path.",
    about="bash: line 1: cd: X: No such file or directory",
)
def sh_cd_missing(ctx: Ctx) -> str:
    where = ctx.pick(["build/output", "frontend", "infra/terraform", "dist", "services/api"])
    then = ctx.pick(["ls", "npm install", "terraform init", "make"])
    return f"cd {where} && {then}"


@kind(
    "sh_bad_interpreter",
    program="bash",
    family="line-endings",
    fix="The script has Windows line endings (CRLF): convert it with dos2unix or sed -i "
    "'s/\\r$//' and commit it with LF.",
    about="a script with CRLF line endings: its shebang names an interpreter ending in \\r "
    "(bash 5.2: cannot execute: required file not found)",
)
def sh_bad_interpreter(ctx: Ctx) -> str:
    script = ctx.pick(["run.sh", "scripts/setup.sh", "entrypoint.sh", "bin/start"])
    shell = ctx.pick(["/bin/bash", "/bin/sh", "/usr/bin/env bash"])
    ctx.write(script, f"#!{shell}\r\necho starting\r\n".encode(), executable=True)
    return f"./{script}"


@kind(
    "sh_unbound_variable",
    program="bash",
    family="missing-config",
    fix="The script runs with set -u and a required variable is not set: export it (or pass "
    "it as an argument) before running the script.",
    about="X: unbound variable (set -u)",
)
def sh_unbound_variable(ctx: Ctx) -> str:
    variable = ctx.pick(["DEPLOY_ENV", "VERSION", "AWS_REGION", "IMAGE_TAG", "DATABASE_URL"])
    script = ctx.pick(["scripts/release.sh", "deploy.sh", "ci/build.sh"])
    body = "#!/usr/bin/env bash\nset -euo pipefail\n"
    body += "".join(f'echo "step {n}"\n' for n in range(ctx.randint(0, 3)))
    body += f'echo "releasing to ${variable}"\n'
    ctx.write(script, body, executable=True)
    return f"./{script}"


# --- compilers ---------------------------------------------------------------------------------


@kind(
    "gcc_undeclared",
    program="gcc",
    family="code-mismatch",
    fix="The identifier is used before it is declared (misspelt or missing its header): "
    "declare it or include the header that defines it.",
    about="error: 'X' undeclared (first use in this function)",
)
def gcc_undeclared(ctx: Ctx) -> str:
    name = ctx.pick(["count", "total", "buffer_size", "retries", "max_len"])
    source = ctx.pick(["main.c", "src/main.c", "tool.c"])
    pad = "".join("/* " + ctx.pick(["setup", "io"]) + " */\n" for _ in range(ctx.randint(0, 4)))
    ctx.write(
        source,
        f"#include <stdio.h>\n{pad}\nint main(void) {{\n"
        f'    printf("%d\\n", {name});\n    return 0;\n}}\n',
    )
    return f"gcc -Wall -o {ctx.pick(['app', 'tool', 'main'])} {source}"


@kind(
    "gcc_missing_header",
    program="gcc",
    family="missing-dependency",
    fix="The header file is missing: generate it (./configure) or add its directory with -I.",
    about="fatal error: X.h: No such file or directory",
)
def gcc_missing_header(ctx: Ctx) -> str:
    header = ctx.pick(["config.h", "version.h", "generated/proto.h", "build_info.h"])
    source = ctx.pick(["main.c", "src/server.c", "lib/util.c"])
    pad = "".join(f"#include <{h}>\n" for h in ctx.sample(["stdio.h", "stdlib.h", "string.h"], 2))
    ctx.write(source, f'{pad}#include "{header}"\n\nint main(void) {{ return 0; }}\n')
    return f"gcc -c {source} -o {source.rsplit('.', 1)[0]}.o"


@kind(
    "ld_undefined_reference",
    program="gcc",
    family="link-error",
    fix="A function is declared but its object file or library is not linked: add the missing "
    "source file or -l<library> to the link command.",
    about="undefined reference to `X'; collect2: error: ld returned 1 exit status",
)
def ld_undefined_reference(ctx: Ctx) -> str:
    function = ctx.pick(["compute_tax", "parse_config", "hash_password", "send_metrics"])
    ctx.write("main.c", f"int {function}(int);\n\nint main(void) {{ return {function}(1); }}\n")
    ctx.write(f"{function}.c", f"int {function}(int x) {{ return x * 2; }}\n")
    return ctx.pick(["gcc -o app main.c", "gcc -O2 main.c -o build_app", "cc main.c"])


@kind(
    "javac_cannot_find_symbol",
    program="javac",
    family="code-mismatch",
    fix="The method or class is not defined where the code looks for it (renamed, or a missing "
    "import): fix the name or add the import.",
    about="error: cannot find symbol (javac)",
)
def javac_cannot_find_symbol(ctx: Ctx) -> str:
    method = ctx.pick(["computeTotal", "parseRate", "loadConfig", "formatAmount"])
    cls = ctx.pick(["Main", "App", "Billing", "Report"])
    ctx.write(
        f"src/{cls}.java",
        f"public class {cls} {{\n    public static void main(String[] args) {{\n"
        f"        int value = {method}(args.length);\n"
        f"        System.out.println(value);\n    }}\n}}\n",
    )
    return f"javac -d build src/{cls}.java"


@kind(
    "java_class_not_found",
    program="java",
    family="wrong-directory",
    fix="The class is not on the classpath: compile it first and pass the output directory "
    "with -cp (and the package-qualified class name).",
    about="Error: Could not find or load main class X / ClassNotFoundException",
)
def java_class_not_found(ctx: Ctx) -> str:
    cls = ctx.pick(["App", "Main", "com.acme.Server", "Worker"])
    return ctx.pick([f"java -cp build {cls}", f"java {cls}", f"java -cp target/classes {cls}"])


@kind(
    "cargo_mismatched_types",
    program="cargo",
    family="code-mismatch",
    fix="The value's type differs from what the function expects: convert it explicitly "
    "(e.g. .to_string(), as u64) or change the signature.",
    about="error[E0308]: mismatched types (cargo build)",
)
def cargo_mismatched_types(ctx: Ctx) -> str:
    crate = ctx.project.replace("-", "_")
    ctx.write(
        "Cargo.toml",
        f'[package]\nname = "{crate}"\nversion = "0.{ctx.randint(1, 9)}.0"\nedition = "2021"\n',
    )
    function = ctx.pick(["total", "fee", "retries", "port"])
    value = ctx.pick(['"10"', "3.5", "true"])
    ctx.write(
        "src/main.rs",
        f"fn {function}(x: u32) -> u32 {{\n    x + 1\n}}\n\nfn main() {{\n"
        f'    println!("{{}}", {function}({value}));\n}}\n',
    )
    return ctx.pick(["cargo build", "cargo run", "cargo build --release"])


# --- ops tools ---------------------------------------------------------------------------------


@kind(
    "kubectl_refused",
    program="kubectl",
    family="service-not-listening",
    fix="kubectl has no reachable cluster: start the local cluster (kind/minikube) or select "
    "the right context (kubectl config use-context).",
    about="The connection to the server HOST:PORT was refused - did you specify the right host "
    "or port?",
)
def kubectl_refused(ctx: Ctx) -> str:
    command = ctx.pick(
        ["get pods", "get deploy -n payments", "apply -f k8s/", "logs deploy/api", "get nodes"]
    )
    if command.startswith("apply"):
        ctx.write("k8s/deploy.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n")
    if ctx.randint(0, 1):
        return f"kubectl {command}"  # no kubeconfig: localhost:8080
    return f"kubectl --server http://127.0.0.1:{ctx.closed_port()} {command}"


@kind(
    "terraform_undeclared_variable",
    program="terraform",
    family="code-mismatch",
    fix="The configuration references a variable that is not declared: add a variable block "
    "for it (with a type and description) in variables.tf.",
    about="Error: Reference to undeclared input variable",
)
def terraform_undeclared_variable(ctx: Ctx) -> str:
    variable = ctx.pick(["region", "environment", "instance_type", "project_id"])
    pad = "".join(f"# {ctx.pick(['naming', 'tags'])}\n" for _ in range(ctx.randint(0, 4)))
    ctx.write(
        "main.tf",
        f'{pad}locals {{\n  name = "{ctx.project}-${{var.{variable}}}"\n}}\n\n'
        'output "name" {\n  value = local.name\n}\n',
    )
    return ctx.pick(["terraform validate", "terraform validate -no-color", "terraform plan"])


@kind(
    "systemctl_no_systemd",
    program="systemctl",
    family="environment",
    fix="This machine (a container) does not run systemd: start the service directly (or "
    "through its init script/supervisor) instead of systemctl.",
    about="System has not been booted with systemd as init system (PID 1). Can't operate.",
)
def systemctl_no_systemd(ctx: Ctx) -> str:
    action = ctx.pick(["restart", "start", "reload", "enable --now", "stop"])
    unit = ctx.pick(["nginx", "postgresql", "redis-server", f"{ctx.project}.service"])
    return f"systemctl {action} {unit}"


@kind(
    "ssh_refused",
    program="ssh",
    family="service-not-listening",
    fix="No SSH server answers on that port: start sshd (or the tunnel/port-forward) or use "
    "the right port.",
    about="ssh: connect to host H port N: Connection refused",
)
def ssh_refused(ctx: Ctx) -> str:
    port = ctx.closed_port()
    user = ctx.pick(["deploy", "ubuntu", "git", "root"])
    remote = ctx.pick(["uptime", "'systemctl status app'", "'tail -n 50 /var/log/app.log'"])
    return f"ssh -o BatchMode=yes -p {port} {user}@127.0.0.1 {remote}"


@kind(
    "jq_parse_error",
    program="jq",
    family="bad-input",
    fix="The input is not JSON (an HTML error page or a log line): look at the raw response "
    "first and fix the request that produced it.",
    about="parse error: Invalid numeric literal at line N, column M (jq on a non-JSON file)",
)
def jq_parse_error(ctx: Ctx) -> str:
    name = ctx.pick(["response.json", "out/status.json", "api.json"])
    content = ctx.pick(
        [
            "<html><body>502 Bad Gateway</body></html>\n",
            "upstream connect error or disconnect/reset before headers\n",
            "Internal Server Error\n",
            "\n<!DOCTYPE html>\n<title>Sign in</title>\n",
        ]
    )
    ctx.write(name, content)
    query = ctx.pick([".", ".data.items[0]", ".status", "-r .version"])
    return f"jq {query} {name}"


@kind(
    "tar_missing_archive",
    program="tar",
    family="missing-file",
    fix="The archive is not there (download or backup step failed or named it differently): "
    "check the file name and its download first.",
    about="tar: X: Cannot open: No such file or directory",
)
def tar_missing_archive(ctx: Ctx) -> str:
    day = f"2024-{ctx.randint(1, 12):02d}-{ctx.randint(1, 28):02d}"
    archive = ctx.pick([f"backup-{day}.tar.gz", f"release-{ctx.randint(1, 9)}.0.tgz", "dump.tar"])
    return ctx.pick([f"tar xzf {archive}", f"tar -xvf {archive} -C /tmp", f"tar tf {archive}"])
