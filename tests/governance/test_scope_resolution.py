"""The one scope resolution every app uses: "not yours" answers the same way everywhere."""

import pytest
from django.test import override_settings

from governance.auth import Principal
from governance.models import Scope
from governance.selectors import readable, scope_for_read
from governance.services import scope_for_write
from mnemosyne_site.errors import Forbidden, InvalidInput

pytestmark = pytest.mark.django_db

PAYMENTS_API = "acme/platform/payments/api"


def agent(reads=(PAYMENTS_API,), writes=(PAYMENTS_API,), default=PAYMENTS_API) -> Principal:
    return Principal(
        kind="agent",
        name="a",
        read_paths=tuple(reads),
        write_paths=tuple(writes),
        default_scope_path=default,
    )


def test_a_missing_scope_and_an_unreadable_one_are_refused_alike(scope_tree):
    answers = []
    for path in ("acme/platform/search/indexer", "acme/platform/nothing-here"):
        with pytest.raises(Forbidden) as refused:
            scope_for_read(agent(), path)
        answers.append((refused.value.status_code, list(refused.value.fields)))
    assert answers == [(403, ["scope"]), (403, ["scope"])]


def test_the_field_named_is_the_one_the_request_used(scope_tree):
    with pytest.raises(Forbidden) as refused:
        scope_for_write(agent(), "acme/platform/search/indexer", field="parent")
    assert list(refused.value.fields) == ["parent"]


def test_a_scope_readable_but_not_writable_is_refused_for_a_write(scope_tree):
    reader = agent(reads=(PAYMENTS_API,), writes=())
    assert scope_for_read(reader, PAYMENTS_API) == scope_tree["project"]
    # Ancestors are readable (retrieval layers them in), never writable by the project's agent.
    assert scope_for_read(agent(), "acme/platform") == scope_tree["org"]
    for caller, path in ((reader, PAYMENTS_API), (agent(), "acme/platform")):
        with pytest.raises(Forbidden) as refused:
            scope_for_write(caller, path)
        assert list(refused.value.fields) == ["scope"]


def test_a_malformed_path_is_bad_input_naming_the_field(scope_tree):
    for path in ("../../etc", "a b", "a/" * 6 + "b", "x" * 601):
        with pytest.raises(InvalidInput) as refused:
            scope_for_read(agent(), path)
        assert list(refused.value.fields) == ["scope"]


def test_a_write_naming_no_scope_goes_to_the_callers_default_else_the_sites(scope_tree):
    assert scope_for_write(agent(), None) == scope_tree["project"]
    with override_settings(MNEMOSYNE_DEFAULT_SCOPE="acme/general"):
        assert not Scope.objects.filter(path="acme/general").exists()
        assert scope_for_write(Principal.local(), "").path == "acme/general"


def test_a_read_naming_no_scope_means_everything_unless_the_default_is_asked_for(scope_tree):
    assert scope_for_read(agent(), "") is None
    assert scope_for_read(agent(), "", use_default=True) == scope_tree["project"]


def test_readable_keeps_the_scopes_and_their_ancestors_only(scope_tree):
    paths = set(
        readable(Scope.objects.all(), agent(), scope_field="pk").values_list("path", flat=True)
    )
    assert paths == {"acme", "acme/platform", "acme/platform/payments", PAYMENTS_API}
    everything = readable(Scope.objects.all(), Principal.local(), scope_field="pk")
    assert everything.count() == Scope.objects.count()
