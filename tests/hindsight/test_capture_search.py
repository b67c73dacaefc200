"""A capture searches the signatures once: grouping's nearest signature of its scope and type
comes from the search matching needs too (`hindsight.store.WiderSearch`)."""

import numpy as np
import pytest

from governance.auth import Principal
from hindsight import store
from hindsight.models import ErrorSignature
from hindsight.selectors import matching
from hindsight.services import resolution_create
from hindsight.store import DatabaseSignatureStore, WiderSearch
from mnemosyne_site import vectors
from mnemosyne_site.embeddings import embed_one
from tests.hindsight.factories import ErrorSignatureFactory

URL = "/api/v1/hindsight/errors"

pytestmark = pytest.mark.django_db


@pytest.fixture
def searches(monkeypatch):
    """The vector searches hindsight makes, counted (each still runs for real)."""
    made: list[str] = []

    def counted(queryset, vector, **options):
        made.append(queryset.model._meta.db_table)
        return vectors.nearest(queryset, vector, **options)

    monkeypatch.setattr(store, "nearest", counted)
    monkeypatch.setattr(matching, "nearest", counted)
    return made


def test_a_new_error_is_searched_among_the_signatures_once(agent_client, scope_tree, searches):
    team = ErrorSignatureFactory(
        scope=scope_tree["team"], message_template="<STR> not found in <PATH>"
    )
    resolution_create(signature=team, description="seed the account", actor=Principal.system("a"))
    body = {"error_type": "KeyError", "message": "'account_id' not found in /srv/app/x.py"}

    response = agent_client.post(URL, body, format="json")

    assert response.status_code == 201, response.json()
    assert searches == ["hindsight_errorsignature"]
    # The one search served matching too: the team's signature (another scope, so not the
    # project's own) is found, and its fix offered as a near one.
    suggestions = response.json()["suggestions"]
    assert [(s["description"], s["signature_id"]) for s in suggestions] == [
        ("seed the account", str(team.pk))
    ]


def test_a_near_identical_error_still_joins_its_signature_by_similarity(
    agent_client, scope_tree, searches, hindsight_conf
):
    first = agent_client.post(
        URL, {"error_type": "OSError", "message": "Unable to resolve host name api"}, format="json"
    ).json()
    hindsight_conf(HINDSIGHT_DEDUP_SIMILARITY=0.9)
    searches.clear()
    second = agent_client.post(
        URL,
        {"error_type": "OSError", "message": "Unable to resolve the host name api"},
        format="json",
    ).json()

    assert second["matched_by"] == "semantic"
    assert second["signature"]["id"] == first["signature"]["id"]
    assert searches == ["hindsight_errorsignature"]


def _store(scope, limit: int) -> DatabaseSignatureStore:
    visible = ErrorSignature.objects.filter(status="active")
    wider = WiderSearch(signatures=visible, limit=limit, max_distance=0.5)
    return DatabaseSignatureStore(scope, "KeyError", wider=wider)


def test_grouping_takes_its_nearest_from_the_wider_search_when_it_holds_one(scope_tree):
    ours = ErrorSignatureFactory(message_template="KeyError: 'user_id' not found in <PATH>")
    vector = np.asarray(embed_one("KeyError: KeyError: 'user_id' missing in <PATH>"))
    grouping = _store(scope_tree["project"], limit=20)

    found = grouping.nearest(vector)

    assert found is not None and found[0] == str(ours.pk)
    assert grouping.wider.rows and grouping.wider.rows[0][0] == ours.pk


def test_grouping_searches_its_own_scope_when_the_wider_search_is_full_of_others(scope_tree):
    # The ancestor's signature is the nearest; with room for one row, the wider search holds
    # only it, which says nothing of the project's own signatures.
    ErrorSignatureFactory(
        scope=scope_tree["team"], message_template="KeyError: 'user_id' missing in <PATH>"
    )
    ours = ErrorSignatureFactory(message_template="KeyError: 'user_id' was not in the row")
    vector = np.asarray(embed_one("KeyError: KeyError: 'user_id' missing in <PATH>"))

    found = _store(scope_tree["project"], limit=1).nearest(vector)

    assert found is not None and found[0] == str(ours.pk)


def test_grouping_finds_nothing_when_the_wider_search_holds_none_of_its_scope(scope_tree):
    ErrorSignatureFactory(
        scope=scope_tree["team"], message_template="KeyError: 'user_id' missing in <PATH>"
    )
    vector = np.asarray(embed_one("KeyError: KeyError: 'user_id' missing in <PATH>"))

    assert _store(scope_tree["project"], limit=20).nearest(vector) is None


def test_a_known_error_with_a_fix_is_answered_without_looking_for_near_ones(
    agent_client, scope_tree, searches
):
    body = {"error_type": "ModuleNotFoundError", "message": "No module named 'requests'"}
    first = agent_client.post(URL, body, format="json").json()
    signature = ErrorSignature.objects.get(pk=first["signature"]["id"])
    resolution_create(
        signature=signature, description="pip install requests", actor=Principal.system("a")
    )
    searches.clear()

    again = agent_client.post(URL, body, format="json").json()

    assert again["signature"]["id"] == first["signature"]["id"]
    assert [(s["description"], s["match"]) for s in again["suggestions"]] == [
        ("pip install requests", "exact")
    ]
    assert searches == []


def test_a_known_error_without_a_fix_still_gets_a_near_signatures_fix(
    agent_client, scope_tree, searches
):
    team = ErrorSignatureFactory(
        scope=scope_tree["team"], message_template="<STR> not found in <PATH>"
    )
    resolution_create(signature=team, description="seed the account", actor=Principal.system("a"))
    body = {"error_type": "KeyError", "message": "'account_id' not found in /srv/app/x.py"}
    agent_client.post(URL, body, format="json")
    searches.clear()

    again = agent_client.post(URL, body, format="json").json()

    assert again["is_new"] is False
    assert [(s["description"], s["match"]) for s in again["suggestions"]] == [
        ("seed the account", "near")
    ]
    assert searches == ["hindsight_errorsignature"]
