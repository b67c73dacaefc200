"""What an error's context says about where it happened: file types, frameworks, dependencies
and files, as the caller gave them and as its stack trace shows them. Pure functions: capture
stores them with a signature, matching compares them."""

from __future__ import annotations

from hindsight.linear import compile_linear

CONTEXT_KEYS = ("file_types", "frameworks", "dependencies", "files")
_MAX_CONTEXT_VALUES = 20

# Frameworks worth recognising in a stack trace's paths when the caller did not name them.
_KNOWN_FRAMEWORKS = (
    "django",
    "flask",
    "fastapi",
    "starlette",
    "celery",
    "sqlalchemy",
    "pytest",
    "numpy",
    "pandas",
    "torch",
    "requests",
    "httpx",
    "aiohttp",
    "react",
    "next",
    "express",
    "vue",
    "angular",
    "jest",
    "spring",
    "hibernate",
    "rails",
    "laravel",
    "gin",
    "grpc",
)
# RE2 (linear time): stacks are untrusted text. The extension pattern consumes the character
# after it instead of looking ahead, which findall does not return.
_PY_PACKAGE = compile_linear(r"(?:site|dist)-packages[\\/]+([A-Za-z_]\w*)")
_NODE_PACKAGE = compile_linear(r"node_modules[\\/]+((?:@[\w.-]+[\\/])?[\w.-]+)")
_FILE_EXT = compile_linear(r"[\w-]+(\.[A-Za-z]\w{0,5})(?:[\"':),\s]|$)")
_FILE_NAME = compile_linear(r"[\w.-]+\.[A-Za-z]\w{0,5}")


def unique_values(values, limit: int = _MAX_CONTEXT_VALUES) -> list[str]:
    seen: list[str] = []
    for value in values:
        value = str(value).strip()
        if value and value not in seen:
            seen.append(value)
        if len(seen) >= limit:
            break
    return seen


def context_patterns(context: dict | None, stack: str = "") -> dict[str, list[str]]:
    """File types, frameworks, dependencies and files: the caller's, plus what the stack shows
    (file extensions, packages under site-packages or node_modules, known frameworks)."""
    context = context or {}
    given = {key: [str(v) for v in context.get(key) or []] for key in CONTEXT_KEYS}
    dependencies = _PY_PACKAGE.findall(stack) + _NODE_PACKAGE.findall(stack)
    lowered = stack.lower().replace("\\", "/")
    frameworks = [f for f in _KNOWN_FRAMEWORKS if f"/{f}/" in lowered]
    extensions = _FILE_EXT.findall(stack)
    files = [f for f in given["files"]]
    return {
        "file_types": unique_values(
            [e if e.startswith(".") else f".{e}" for e in given["file_types"]]
            + [e.lower() for e in extensions]
            + [
                m.group(0)[m.group(0).rfind(".") :].lower()
                for f in files
                if (m := _FILE_NAME.search(f))
            ]
        ),
        "frameworks": unique_values([f.lower() for f in given["frameworks"]] + frameworks),
        "dependencies": unique_values(given["dependencies"] + dependencies),
        "files": unique_values(files),
    }
