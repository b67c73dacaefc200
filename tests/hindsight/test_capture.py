import pytest

from governance.auth import Principal
from governance.models import AuditLog
from governance.services import scope_ensure_path
from hindsight import metrics
from hindsight.models import ErrorOccurrence, ErrorSignature, SignatureTemplate, SuggestionMiss
from hindsight.services import resolution_create
from tests.governance.factories import AgentCredentialFactory

URL = "/api/v1/hindsight/errors"

PY_STACK = """Traceback (most recent call last):
  File "/srv/app/.venv/lib/python3.11/site-packages/django/core/handlers/base.py", line 197, \
in _get_response
    response = wrapped_callback(request, *callback_args, **callback_kwargs)
  File "/srv/app/payments/views.py", line 42, in charge
    customer = payload["customer_id"]
KeyError: 'customer_id'
"""


def capture(client, message, error_type="KeyError", **extra):
    body = {"error_type": error_type, "message": message, **extra}
    return client.post(URL, body, format="json")


@pytest.mark.django_db
def test_it_creates_a_signature_with_normalised_patterns(agent_client, scope_tree):
    response = capture(
        agent_client,
        "'customer_id' missing in /srv/app/payments/views.py:42 for request "
        "3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60 at 2024-05-01T10:22:33Z",
        stack=PY_STACK,
        context={"frameworks": ["Django"]},
        tool_name="pytest",
        session="s-1",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["is_new"] is True
    assert body["matched_by"] == "new"
    signature = body["signature"]
    assert signature["scope"] == "acme/platform/payments/api"
    template = signature["message_template"]
    for raw in ("/srv/app", "3f1c2a9e", "2024-05-01", ":42"):
        assert raw not in template
    assert "<PATH>" in template and "<UUID>" in template and "<TS>" in template
    assert "charge (views.py)" in signature["stack_patterns"]
    assert "django" in signature["context_patterns"]["frameworks"]
    assert ".py" in signature["context_patterns"]["file_types"]
    assert "django" in signature["context_patterns"]["dependencies"]
    assert signature["metadata"]["original_message"].startswith("'customer_id' missing in /srv")
    stored = ErrorSignature.objects.get(pk=signature["id"])
    assert stored.embedding is not None
    assert stored.templates.count() == 1
    assert ErrorOccurrence.objects.get(signature=stored).session_key == "s-1"
    assert AuditLog.objects.filter(action="hindsight.error.capture").count() == 1
    assert body["suggestions"] == []


@pytest.mark.django_db
def test_the_same_error_with_other_values_links_to_the_signature(agent_client, scope_tree):
    first = capture(agent_client, "timeout after 30s connecting to db-1.internal:5432").json()
    second = capture(agent_client, "timeout after 45s connecting to db-7.internal:6543")
    assert second.status_code == 200
    body = second.json()
    assert body["is_new"] is False
    assert body["matched_by"] in {"fingerprint", "template"}
    assert body["signature"]["id"] == first["signature"]["id"]
    assert body["signature"]["occurrence_count"] == 2
    assert ErrorSignature.objects.count() == 1
    assert ErrorOccurrence.objects.count() == 2


@pytest.mark.django_db
def test_an_identical_error_links_by_fingerprint(agent_client, scope_tree):
    first = capture(agent_client, "could not find module 'left-pad'").json()
    again = capture(agent_client, "could not find module 'left-pad'").json()
    assert again["matched_by"] == "fingerprint"
    assert again["signature"]["id"] == first["signature"]["id"]
    assert again["signature"]["occurrence_count"] == 2


@pytest.mark.django_db
def test_messages_differing_in_a_word_generalise_the_template(agent_client, scope_tree):
    ids = {
        capture(agent_client, f"Job {word} failed on worker node while running step build").json()[
            "signature"
        ]["id"]
        for word in ("alpha", "beta", "gamma")
    }
    assert len(ids) == 1
    signature = ErrorSignature.objects.get()
    assert "<*>" in signature.message_template
    assert signature.occurrence_count == 3


@pytest.mark.django_db
def test_different_errors_get_different_signatures(agent_client, scope_tree):
    a = capture(agent_client, "connection refused by 10.0.0.1:5432", "ConnectionError").json()
    b = capture(agent_client, "permission denied for table payments", "ProgrammingError").json()
    c = capture(agent_client, "connection refused by 10.0.0.1:5432", "TimeoutError").json()
    assert len({a["signature"]["id"], b["signature"]["id"], c["signature"]["id"]}) == 3


@pytest.mark.django_db
def test_a_near_identical_new_shape_joins_by_similarity(agent_client, scope_tree, hindsight_conf):
    first = capture(agent_client, "Unable to resolve host name api example service").json()
    # One word more: another token count, so another template bucket; the meaning is the same.
    hindsight_conf(HINDSIGHT_DEDUP_SIMILARITY=0.9)
    second = capture(agent_client, "Unable to resolve the host name api example service").json()
    assert second["matched_by"] == "semantic"
    assert second["similarity"] > 0.9
    assert second["signature"]["id"] == first["signature"]["id"]
    # The new shape is remembered as the signature's second template: no embedding next time.
    assert SignatureTemplate.objects.filter(signature_id=first["signature"]["id"]).count() == 2
    third = capture(agent_client, "Unable to resolve the host name api example service").json()
    assert third["matched_by"] in {"template", "fingerprint"}


@pytest.mark.django_db
def test_errors_of_a_session_group_in_its_project(api_client, scope_tree):
    session = scope_ensure_path(path="acme/platform/payments/api/s-9")
    token = AgentCredentialFactory(scopes=[scope_tree["project"]]).token
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    body = capture(
        api_client, "disk full on /var/lib/data", "OSError", scope="acme/platform/payments/api/s-9"
    ).json()
    assert body["signature"]["scope"] == "acme/platform/payments/api"
    assert ErrorOccurrence.objects.get().scope == session


@pytest.mark.django_db
def test_capture_suggests_the_fixes_of_the_signature(agent_client, scope_tree):
    first = capture(
        agent_client, "ModuleNotFoundError: No module named 'requests'", "ModuleNotFoundError"
    ).json()
    signature = ErrorSignature.objects.get(pk=first["signature"]["id"])
    resolution_create(
        signature=signature, description="pip install requests", actor=Principal.system("a")
    )
    body = capture(
        agent_client, "ModuleNotFoundError: No module named 'requests'", "ModuleNotFoundError"
    ).json()
    assert [s["description"] for s in body["suggestions"]] == ["pip install requests"]
    suggestion = body["suggestions"][0]
    assert 0 < suggestion["confidence"] <= 1
    assert suggestion["success_rate"] == 1.0
    # The first capture had nothing to suggest: it was recorded as a miss.
    assert SuggestionMiss.objects.filter(source="capture").count() == 1


@pytest.mark.django_db
def test_capture_counts_metrics_by_type_and_layer(agent_client, scope_tree):
    counter = metrics.CAPTURE_TOTAL.labels(error_type="ZeroDivisionError", layer="project")
    before = counter._value.get()
    capture(agent_client, "division by zero", "ZeroDivisionError")
    assert counter._value.get() == before + 1


@pytest.mark.django_db
def test_capture_runs_in_a_bounded_number_of_queries(
    agent_client, scope_tree, django_assert_max_num_queries
):
    capture(agent_client, "warm up the embedding model and caches")
    # Credential and scope 2, the transaction 2, grouping 3 (fingerprint, templates, the search
    # of its scope's signatures of the type), writes 4, matching's search of the signatures with
    # a fix 1, the recorded miss 1: a new signature has no fixes to read. A link replaces the
    # templates, grouping's search and the insert with a locked read and an update. (Row counts
    # for the searches' plans are cached since the warm-up.)
    with django_assert_max_num_queries(13):
        assert capture(agent_client, "fresh error number one about widgets").status_code == 201
    with django_assert_max_num_queries(12):
        assert capture(agent_client, "fresh error number one about widgets").status_code == 200


@pytest.mark.django_db
def test_a_recurring_error_updates_its_signature_without_touching_its_indexes(
    agent_client, scope_tree
):
    from django.db import connection

    def updates() -> tuple[int, int]:
        """(updates, HOT updates) of signature rows in this test's transaction."""
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_stat_get_xact_tuples_updated(oid), "
                "pg_stat_get_xact_tuples_hot_updated(oid) FROM pg_class "
                "WHERE relname = 'hindsight_errorsignature'"
            )
            return cursor.fetchone()

    first = capture(agent_client, "no row for 'user_id' in /srv/app/x.py", tool_name="pytest")
    before = updates()
    for n in range(3):
        again = capture(
            agent_client,
            "no row for 'user_id' in /srv/app/x.py",
            context={"frameworks": [f"framework{n}"]},  # the merged context changes too
        )
        assert again.json()["signature"]["id"] == first.json()["signature"]["id"]
    after = updates()

    # Each link's update (counters, last seen, merged context) is HOT: no index, the HNSW graph
    # included, gets the row again (an indexed column changed, or a full page, would).
    assert (after[0] - before[0], after[1] - before[1]) == (3, 3)
    signature = ErrorSignature.objects.get(pk=first.json()["signature"]["id"])
    assert signature.occurrence_count == 4
    assert signature.context_patterns["frameworks"] == ["framework0", "framework1", "framework2"]


@pytest.mark.django_db(transaction=True)
def test_concurrent_captures_of_a_new_error_make_one_signature(scope_tree):
    import threading

    from django.db import connection

    from governance.auth import Principal
    from hindsight.services.capture import error_capture
    from mnemosyne_site.embeddings import embed_one

    embed_one("load the model before the threads start")
    principal = Principal.system("bench")
    errors, barrier = [], threading.Barrier(6)

    def run(n):
        try:
            barrier.wait()
            error_capture(
                principal=principal,
                scope=scope_tree["project"],
                error_type="OSError",
                message=f"too many open files in worker {n}",
            )
        except Exception as exc:  # noqa: BLE001 - surfaced by the assertion below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    signature = ErrorSignature.objects.get()
    assert signature.occurrence_count == 6
    assert signature.occurrences.count() == 6
    assert SignatureTemplate.objects.count() == 1


@pytest.mark.django_db
def test_a_retried_capture_with_the_same_idempotency_key_counts_once(agent_client, scope_tree):
    body = {"error_type": "OSError", "message": "broken pipe writing to upstream"}
    first = agent_client.post(URL, body, format="json", HTTP_IDEMPOTENCY_KEY="cap-1")
    again = agent_client.post(URL, body, format="json", HTTP_IDEMPOTENCY_KEY="cap-1")
    assert first.status_code == again.status_code == 201
    assert again.json()["signature"]["id"] == first.json()["signature"]["id"]
    assert again.json()["occurrence_id"] == first.json()["occurrence_id"]
    assert ErrorSignature.objects.get().occurrence_count == 1
    other = agent_client.post(URL, body, format="json", HTTP_IDEMPOTENCY_KEY="cap-2")
    assert other.status_code == 200
    assert ErrorSignature.objects.get().occurrence_count == 2


@pytest.mark.django_db
def test_similarity_never_joins_errors_of_different_types(agent_client, scope_tree, hindsight_conf):
    hindsight_conf(HINDSIGHT_DEDUP_SIMILARITY=0.5)
    first = capture(agent_client, "could not decode the response body", "ValueError").json()
    other = capture(agent_client, "could not decode the response body", "UnicodeError").json()
    assert other["is_new"] is True
    assert other["signature"]["id"] != first["signature"]["id"]


def test_an_error_type_with_line_breaks_is_one_line_in_the_metrics_label():
    label = metrics.error_type_label("Evil\u2028Type\nError\x1c")
    assert label == "Evil_Type_Error_"
    assert label.splitlines() == [label]
