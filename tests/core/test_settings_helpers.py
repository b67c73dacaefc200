import pytest
from django.core.exceptions import ImproperlyConfigured

from mnemosyne_site.env import env_bool, env_choice, env_float, env_int, env_list


def test_it_reads_booleans_and_refuses_nonsense(monkeypatch):
    monkeypatch.setenv("FLAG", "yes")
    assert env_bool("FLAG") is True
    monkeypatch.setenv("FLAG", "off")
    assert env_bool("FLAG", True) is False
    monkeypatch.setenv("FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="FLAG must be true or false"):
        env_bool("FLAG")


def test_it_reads_numbers_within_bounds(monkeypatch):
    monkeypatch.setenv("N", "12")
    assert env_int("N", 3, minimum=1) == 12
    monkeypatch.setenv("N", "0")
    with pytest.raises(ImproperlyConfigured, match="at least 1"):
        env_int("N", 3, minimum=1)
    monkeypatch.setenv("N", "13")
    with pytest.raises(ImproperlyConfigured, match="at most 12"):
        env_int("N", 3, maximum=12)
    monkeypatch.setenv("N", "twelve")
    with pytest.raises(ImproperlyConfigured, match="must be an integer"):
        env_int("N", 3)
    monkeypatch.setenv("F", "1.5")
    with pytest.raises(ImproperlyConfigured, match="must lie in"):
        env_float("F", 0.5, minimum=0, maximum=1)


def test_defaults_apply_when_unset(monkeypatch):
    monkeypatch.delenv("UNSET_THING", raising=False)
    assert env_int("UNSET_THING", 7) == 7
    assert env_list("UNSET_THING", ["a"]) == ["a"]
    assert env_choice("UNSET_THING", "local", {"local", "openai"}) == "local"


def test_it_refuses_an_unknown_choice(monkeypatch):
    monkeypatch.setenv("BACKEND", "magic")
    with pytest.raises(ImproperlyConfigured, match="must be one of"):
        env_choice("BACKEND", "local", {"local", "openai"})


def test_debug_is_off_by_default(settings):
    from django.conf import settings as live

    assert live.DEBUG is False
