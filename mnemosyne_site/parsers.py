"""The API's one parser: JSON, and only JSON that every later step can handle.

Its own module, free of `rest_framework.views`, because DRF imports the parser classes named in
settings while it defines `APIView`.
"""

from rest_framework import exceptions, parsers

# Deep enough for any real tool call or context snapshot; far below the depth at which parsing,
# validation or rendering would recurse out of the interpreter's stack.
MAX_JSON_DEPTH = 64
SURROGATE_MESSAGE = "Not valid Unicode: unpaired surrogate."
TOO_DEEP = f"JSON nested deeper than {MAX_JSON_DEPTH} levels."


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _check_json(value) -> None:
    """Refuses nesting deeper than MAX_JSON_DEPTH and strings (keys too) with unpaired surrogates,
    which no column, log or response can encode. Iterative, so no input can exhaust the stack."""
    stack: list[tuple[object, str, int]] = [(value, "", 0)]
    while stack:
        item, where, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            raise exceptions.ParseError(TOO_DEEP)
        if isinstance(item, str):
            if not _is_unicode(item):
                raise exceptions.ValidationError({where or "non_field_errors": [SURROGATE_MESSAGE]})
        elif isinstance(item, dict):
            for key, sub in item.items():
                name = f"{where}.{key}" if where else key
                if not _is_unicode(key):
                    raise exceptions.ValidationError(
                        {name.encode("utf-8", "replace").decode(): [SURROGATE_MESSAGE]}
                    )
                stack.append((sub, name, depth + 1))
        elif isinstance(item, list):
            stack.extend((sub, f"{where}[{i}]", depth + 1) for i, sub in enumerate(item))


class JSONParser(parsers.JSONParser):
    """The API's only parser: no form parsers, so a web page cannot post to it without a CORS
    preflight (which is never granted), and no JSON that later code cannot handle."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise exceptions.ParseError(TOO_DEEP) from None
        _check_json(data)
        return data
