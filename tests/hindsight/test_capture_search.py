"""What a capture searches: grouping the signatures of its own scope and type, matching only the
signatures a fix could be offered from (`matching.near_fix_candidates`), never all it may read."""

import numpy as np
import pytest

from governance.auth import Principal
from hindsight import store
from hindsight.models import ErrorSignature
from hindsight.selectors import matching
from hindsight.services import resolution_create
from hindsight.store import DatabaseSignatureStore
from mnemosyne_site import vectors
from mnemosyne_site.embeddings import embed_one
from tests.hindsight.factories import ErrorSignatureFactory

URL = "/api/v1/hindsight/errors"

pytestmark = pytest.mark.django_db


@pytest.fixture
def searches(monkeypatch):
    """The vector searches hindsight makes, as (table, rows searched); each still runs for real."""
    made: list[tuple[str, int]] = []

    def counted(queryset, vector, **options):
        made.append((queryset.model._meta.db_table, queryset.count()))
        return vectors.nearest(queryset, vector, **options)

    monkeypatch.setattr(store, "nearest", counted)
    monkeypatch.setattr(matching, "nearest", counted)
    return made


def test_a_new_error_searches_its_scope_then_only_the_signatures_with_a_fix(
    agent_client, scope_tree, searches
):
    team = ErrorSignatureFactory(
        scope=scope_tree["team"], message_template="<STR> not found in <PATH>"
    )
    resolution_create(signature=team, description="seed the account", actor=Principal.system("a"))
    ErrorSignatureFactory(message_template="<STR> missing in <PATH>")  # the project's, no fix
    ErrorSignatureFactory(scope=scope_tree["team"], message_template="<STR> was not in <PATH>")
    body = {"error_type": "KeyError", "message": "'account_id' not found in /srv/app/x.py"}

    response = agent_client.post(URL, body, format="json")

    assert response.status_code == 201, response.json()
    # Grouping: the project's one KeyError signature; matching: the one signature with a fix.
    assert searches == [("hindsight_errorsignature", 1), ("hindsight_errorsignature", 1)]
    # The team's signature (another scope, so not the project's own) is found, and its fix
    # offered as a near one.
    suggestions = response.json()["suggestions"]
    assert [(s["description"], s["signature_id"], s["match"]) for s in suggestions] == [
        ("seed the account", str(team.pk), "near")
    ]


def test_a_fix_is_not_crowded_out_by_nearer_signatures_without_one(agent_client, scope_tree):
    # More signatures nearer than the one with a fix than matching keeps (top-k, and the rows
    # its semantic step asks for): none of them has a fix to offer.
    ErrorSignatureFactory.create_batch(
        matching.semantic_limit(5) + 5,
        scope=scope_tree["team"],
        message_template="<STR> not found in <PATH>",
    )
    fixed = ErrorSignatureFactory(
        scope=scope_tree["team"], message_template="<STR> was not found in <PATH>"
    )
    resolution_create(signature=fixed, description="seed the account", actor=Principal.system("a"))
    body = {"error_type": "KeyError", "message": "'account_id' not found in /srv/app/x.py"}

    suggestions = agent_client.post(URL, body, format="json").json()["suggestions"]

    assert [(s["description"], s["signature_id"], s["match"]) for s in suggestions] == [
        ("seed the account", str(fixed.pk), "near")
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
    # Grouping's search over the project's OSError signatures; no fix to search for.
    assert searches == [("hindsight_errorsignature", 1), ("hindsight_errorsignature", 0)]


def test_grouping_takes_the_nearest_signature_of_its_own_scope_and_type(scope_tree):
    # Nearer ones of an ancestor scope and of another type are not its signatures.
    ErrorSignatureFactory(
        scope=scope_tree["team"], message_template="KeyError: 'user_id' missing in <PATH>"
    )
    ErrorSignatureFactory(error_type="ValueError", message_template="'user_id' missing in <PATH>")
    ours = ErrorSignatureFactory(message_template="KeyError: 'user_id' was not in the row")
    vector = np.asarray(embed_one("KeyError: KeyError: 'user_id' missing in <PATH>"))

    found = DatabaseSignatureStore(scope_tree["project"], "KeyError").nearest(vector)

    assert found is not None and found[0] == str(ours.pk)


def test_grouping_finds_nothing_when_its_scope_has_no_signature_of_the_type(scope_tree):
    ErrorSignatureFactory(
        scope=scope_tree["team"], message_template="KeyError: 'user_id' missing in <PATH>"
    )
    vector = np.asarray(embed_one("KeyError: KeyError: 'user_id' missing in <PATH>"))

    assert DatabaseSignatureStore(scope_tree["project"], "KeyError").nearest(vector) is None


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
    assert searches == [("hindsight_errorsignature", 1)]  # the one signature with a fix
