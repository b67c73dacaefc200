"""How the grouper tells variables from words by shape and context, without format rules."""

from __future__ import annotations

import pytest

from hindsight.grouping import HARD, VAR, WORD, Grouper, token_kinds, tokenize
from hindsight.pipeline import prepare_error


def keys(messages: list[str]) -> list[str]:
    grouper = Grouper()
    return [grouper.add(m).key for m in messages]


@pytest.mark.parametrize(
    ("token", "kind"),
    [
        ("blk_-6952295868487656571", VAR),  # a digit: ids, versions, numbered names
        ("u0", VAR),
        ("proxy.cse.example.edu", VAR),  # a lower-case dotted name: hosts, modules, files
        ("user.dir", VAR),
        ("KeyError", HARD),  # an error class names what happened
        ("android.intent.action.SCREEN_ON", HARD),  # a qualified name with capitals
        ("LOOKING", HARD),  # a constant
        ("DEADBEEF", WORD),  # upper-case hex is data, not a constant
        ("refused", WORD),
    ],
)
def test_a_token_is_judged_by_its_shape(token, kind):
    assert token_kinds([token]) == [kind]


def test_context_makes_values_and_value_kinds():
    tokens, _ = tokenize("uid=root column <STR> does not exist")
    kinds = token_kinds(tokens)
    assert kinds[tokens.index("root")] == VAR  # the value of key=value
    assert kinds[tokens.index("column")] == HARD  # the word naming a masked value


def test_an_empty_value_still_takes_a_token():
    assert tokenize("logname= uid=0")[0] == ["logname", "=", "<*>", "uid", "=", "0"]
    # `key= value` is a value after a space, not an empty one
    assert tokenize("allDrawn= false")[0] == ["allDrawn", "=", "false"]


def test_unmasked_variables_do_not_split_a_group():
    ks = keys(
        [
            "connection from proxy.example.org port 8443 closed by host-1a",
            "connection from cache.example.net port 443 closed by host-22b",
        ]
    )
    assert ks[0] == ks[1]


def test_a_differing_value_kind_keeps_errors_apart():
    ks = keys(
        [
            'ERROR:  column "email" does not exist',
            'ERROR:  relation "orders" does not exist',
            'ERROR:  column "sku" does not exist',
        ]
    )
    assert ks[0] == ks[2] != ks[1]


def test_plurals_and_lists_of_values_join_one_group():
    ks = keys(
        [
            "TypeError: send() missing 1 required positional argument: 'to'",
            "TypeError: refund() missing 2 required positional arguments: 'id' and 'amount'",
        ]
    )
    assert ks[0] == ks[1]


def test_names_with_underscores_in_error_keys_are_values():
    # The grouper alone keeps constants apart; the extraction masks the names of error keys.
    assert len(set(keys(["state changed to LOOKING", "state changed to LEADING"]))) == 2
    a = prepare_error("", "ConfigError: missing required setting REDIS_URL")
    b = prepare_error("", "ConfigError: missing required setting SECRET_KEY")
    assert a.message.text == b.message.text == "ConfigError: missing required setting <NAME>"
