"""Secrets are redacted from tool calls, and the redaction stays linear on hostile text."""

import pytest

from integrations.redact import MASK, is_secret_name, redact, redact_value


@pytest.mark.parametrize(
    ("text", "secret", "kept"),
    [
        (
            "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY aws s3 ls",
            "wJalrXUtnFEMI",
            "AWS_SECRET_ACCESS_KEY=",
        ),
        ('curl -H "Authorization: Bearer abcdef1234567890" https://x.test', "abcdef12", "Bearer"),
        ("curl -H 'authorization: token ghp_abc' url", "ghp_abc", "authorization"),
        ("psql postgres://app:s3cr3t@db.internal:5432/app", "s3cr3t", "postgres://app:"),
        ("git clone https://bot:glpat-aaaaaaaaaaaaaaaaaaaaaa@gitlab.test/x", "glpat", "https://"),
        ("export GITHUB_TOKEN=ghp_" + "a" * 36, "ghp_aaaa", "GITHUB_TOKEN="),
        ("mysql --password=hunter2 -u root", "hunter2", "--password="),
        ("deploy --api-key abc123xyz --region eu", "abc123xyz", "--region eu"),
        ('{"api_key": "12345-abcde", "user": "bob"}', "12345-abcde", '"user": "bob"'),
        ("DB_PASSWORD: hunter2", "hunter2", "DB_PASSWORD:"),
        ("clientSecret = 'abc.def.ghi'", "abc.def.ghi", "clientSecret"),
        ("found AKIAIOSFODNN7EXAMPLE in the log", "AKIAIOSFODNN7EXAMPLE", "in the log"),
        ("key sk-ant-" + "b" * 40 + " used", "bbbbbbbb", "used"),
        ("cookie eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NSJ9.c2lnbmF0dXJl", "eyJzdWIi", "cookie"),
        ("mnem_78dcf9e40cf9_PmuEjMok6NRIZtBcKI2vAdNiy-iE8yMGhTzUgd9-ncg", "PmuEjMok", ""),
        (
            "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----\nok",
            "MIIEpAIBAAKCAQEA",
            "ok",
        ),
    ],
)
def test_secrets_are_replaced_and_what_surrounds_them_is_kept(text, secret, kept):
    redacted = redact(text)
    assert secret not in redacted
    assert MASK in redacted
    assert kept in redacted


@pytest.mark.parametrize(
    "text",
    [
        "ModuleNotFoundError: No module named 'boto3'",
        "git push origin main",
        "max_tokens=100 and 12 tokens left",
        "PWD=/home/dev/src make test",
        "psql postgres://db.internal:5432/app -c 'select 1'",
        "tokenize --input data.txt",
        "the session key expired; log in again",
    ],
)
def test_text_without_secrets_is_left_alone(text):
    assert redact(text) == text


def test_structured_values_are_redacted_by_key_and_by_content():
    value = {
        "command": "X_TOKEN=abc run",
        "headers": {"Authorization": "Basic eHl6OmFiYw==", "Accept": "json"},
        "password": "p",
        "max_tokens": 100,
        "items": [{"client_secret": "s"}, "postgres://u:pw@h/db"],
    }
    assert redact_value(value) == {
        "command": f"X_TOKEN={MASK} run",
        "headers": {"Authorization": MASK, "Accept": "json"},
        "password": MASK,
        "max_tokens": 100,
        "items": [{"client_secret": MASK}, f"postgres://u:{MASK}@h/db"],
    }


@pytest.mark.parametrize(
    ("name", "secret"),
    [
        ("AWS_SECRET_ACCESS_KEY", True),
        ("apiKey", True),
        ("DB_PASSWORD", True),
        ("refresh-token", True),
        ("Authorization", True),
        ("max_tokens", False),
        ("PWD", False),
        ("monkey", False),
        ("keyboard_layout", False),
    ],
)
def test_a_name_says_secret_only_by_its_whole_words(name, secret):
    assert is_secret_name(name) is secret


HOSTILE = [
    "a" * 1_000_000,
    "a=" * 500_000,
    "--password " * 100_000,
    "Bearer " * 150_000,
    "x://a" * 200_000,
    "eyJa." * 200_000,
    "-----BEGIN RSA PRIVATE KEY-----" * 32_000,
    '"password": "' * 77_000,
    "a:" * 500_000 + "@",
    "_" * 1_000_000,
]


@pytest.mark.parametrize("text", HOSTILE, ids=[t[:12] for t in HOSTILE])
def test_a_megabyte_of_hostile_text_is_redacted_in_one_pass(text):
    # A backtracking pattern would not finish on these (minutes to hours); each rule is a literal
    # anchor and bounded runs, so this completes; redaction only takes text out and puts masks in.
    redacted = redact(text)
    assert len(redacted) - redacted.count(MASK) * len(MASK) <= len(text)
