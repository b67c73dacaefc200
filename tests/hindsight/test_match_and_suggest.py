from datetime import timedelta

import pytest
from django.utils import timezone

from governance.auth import Principal
from hindsight import metrics
from hindsight.models import Resolution, SuggestionMiss
from hindsight.selectors.matching import context_overlap, recency_score
from hindsight.services import resolution_apply, resolution_create
from tests.governance.factories import AgentCredentialFactory
from tests.hindsight.factories import ErrorSignatureFactory

CAPTURE, MATCH = "/api/v1/hindsight/errors", "/api/v1/hindsight/match"


def _capture(client, message, error_type="KeyError", **extra):
    response = client.post(
        CAPTURE, {"error_type": error_type, "message": message, **extra}, format="json"
    )
    assert response.status_code in (200, 201), response.json()
    return response.json()["signature"]


def _resolve(signature_id, description, **kwargs):
    from hindsight.models import ErrorSignature

    return resolution_create(
        signature=ErrorSignature.objects.get(pk=signature_id),
        description=description,
        actor=Principal.system("a"),
        **kwargs,
    )


def _match(client, message, error_type="KeyError", **extra):
    response = client.post(
        MATCH, {"error_type": error_type, "message": message, **extra}, format="json"
    )
    assert response.status_code == 200, response.json()
    return response.json()


@pytest.mark.django_db
def test_it_matches_a_known_error_semantically_and_suggests_its_fix(agent_client, scope_tree):
    sig = _capture(
        agent_client,
        "ImportError: cannot import name 'soft_unicode' from 'markupsafe'",
        "ImportError",
    )
    _resolve(sig["id"], "Pin markupsafe<2.1 or upgrade jinja2.")
    body = _match(
        agent_client,
        "ImportError: cannot import name 'soft_unicode' from "
        "'markupsafe' (/usr/lib/python3/markupsafe/__init__.py)",
        "ImportError",
    )
    assert body["matches"][0]["signature"]["id"] == sig["id"]
    assert body["matches"][0]["similarity"] > 0.85
    assert "semantic" in body["match_type"]
    assert body["suggestions"][0]["description"] == "Pin markupsafe<2.1 or upgrade jinja2."
    assert 0 < body["suggestions"][0]["confidence"] <= 1
    assert set(body["suggestions"][0]["components"]) >= {
        "success_rate",
        "context_match_score",
        "recency_score",
    }


@pytest.mark.django_db
def test_regex_matching_finds_what_semantics_miss(agent_client, scope_tree, hindsight_conf):
    sig = _capture(
        agent_client,
        "checksum mismatch for artifact 9f86d081884c7d659a2feaa0c55ad015"
        "a3bf4f1b2b0b822cd15d6c15b0f00a08 in /var/cache/build/out.tar",
        "BuildError",
    )
    # Semantic matching switched off: only the stored pattern can match.
    hindsight_conf(HINDSIGHT_MATCH_SIMILARITY=1.01)
    body = _match(
        agent_client,
        "checksum mismatch for artifact 2c26b46b68ffc68ff99b453c1d304134"
        "13422d706483bfa0f98a5e886266e7ae in /tmp/other/place.tar",
        "BuildError",
    )
    assert [m["signature"]["id"] for m in body["matches"]] == [sig["id"]]
    assert body["matches"][0]["match_type"] == "regex"
    assert body["match_type"] == "regex"


@pytest.mark.django_db
def test_stack_patterns_match_when_the_message_differs(agent_client, scope_tree, hindsight_conf):
    stack = (
        "Traceback (most recent call last):\n"
        '  File "/app/billing/tasks.py", line 10, in settle\n'
        '  File "/app/billing/ledger.py", line 88, in post_entry\n'
        '  File "/app/billing/ledger.py", line 120, in _balance\n'
    )
    sig = _capture(agent_client, "ledger out of balance by 12.50", "LedgerError", stack=stack)
    hindsight_conf(HINDSIGHT_MATCH_SIMILARITY=1.01)
    body = _match(
        agent_client,
        "entries do not sum to zero",
        "LedgerError",
        stack=stack.replace("line 88", "line 90"),
    )
    assert [m["signature"]["id"] for m in body["matches"]] == [sig["id"]]


@pytest.mark.django_db
def test_context_filters_out_other_frameworks_and_boosts_the_same(agent_client, scope_tree):
    project = scope_tree["project"]
    django_sig = ErrorSignatureFactory(
        scope=project,
        message_template="database connection closed unexpectedly",
        error_type="OperationalError",
        context_patterns={"frameworks": ["django"]},
    )
    rails_sig = ErrorSignatureFactory(
        scope=project,
        message_template="database connection closed unexpectedly by server",
        error_type="OperationalError",
        context_patterns={"frameworks": ["rails"]},
    )
    unknown = ErrorSignatureFactory(
        scope=project,
        message_template="the database connection closed unexpectedly",
        error_type="OperationalError",
    )
    body = _match(
        agent_client,
        "database connection closed unexpectedly",
        "OperationalError",
        context={"frameworks": ["django"]},
    )
    ids = [m["signature"]["id"] for m in body["matches"]]
    assert ids[0] == str(django_sig.pk)
    assert str(rails_sig.pk) not in ids
    assert str(unknown.pk) in ids  # no context known: neither dropped nor boosted
    assert body["matches"][0]["context_score"] == 1.0
    assert body["matches"][0]["score"] > body["matches"][0]["similarity"]


def test_context_overlap_is_neutral_when_nothing_can_be_compared():
    assert context_overlap({}, {"frameworks": ["django"]}) == (True, 0.0)
    assert context_overlap({"frameworks": ["django"]}, {"frameworks": ["rails"]}) == (False, 0.0)
    assert context_overlap({"dependencies": ["a"]}, {"dependencies": ["b"]}) == (True, 0.0)
    assert context_overlap({"frameworks": ["django", "celery"]}, {"frameworks": ["django"]}) == (
        True,
        0.5,
    )


@pytest.mark.django_db
def test_suggestions_rank_by_success_context_and_recency(agent_client, scope_tree):
    sig = _capture(agent_client, "No space left on device while writing cache", "OSError")
    flaky = _resolve(sig["id"], "Retry the write.")
    for _ in range(3):
        resolution_apply(resolution_id=flaky.pk, success=False, actor=Principal.system("a"))  # 0.25
    solid = _resolve(sig["id"], "Clean the build cache.")
    old = _resolve(sig["id"], "Resize the volume.")
    a_year_ago = timezone.now() - timedelta(days=365)
    Resolution.objects.filter(pk=old.pk).update(last_success_at=a_year_ago)
    other_stack = _resolve(
        sig["id"], "Free space on the Windows box.", context={"frameworks": ["dotnet"]}
    )
    _resolve(sig["id"], "A fifth fix.")
    body = _match(
        agent_client,
        "No space left on device while writing cache",
        "OSError",
        context={"frameworks": ["django"]},
    )
    descriptions = [s["description"] for s in body["suggestions"]]
    assert len(descriptions) == 3
    assert descriptions[0] in {"Clean the build cache.", "A fifth fix."}
    assert "Retry the write." not in descriptions
    assert "Free space on the Windows box." not in descriptions  # wrong context ranks lower
    confidences = [s["confidence"] for s in body["suggestions"]]
    assert confidences == sorted(confidences, reverse=True)
    assert solid.pk and other_stack.pk


def test_recency_halves_towards_a_floor(hindsight_conf):
    hindsight_conf(HINDSIGHT_RECENCY_HALF_LIFE_DAYS=30.0)
    now = timezone.now()
    fresh = Resolution(last_success_at=now, created_at=now)
    month = Resolution(last_success_at=now - timedelta(days=30), created_at=now)
    ancient = Resolution(last_success_at=now - timedelta(days=3000), created_at=now)
    assert recency_score(fresh, now) == pytest.approx(1.0)
    assert recency_score(month, now) == pytest.approx(0.75)
    assert recency_score(ancient, now) == pytest.approx(0.5, abs=1e-6)


@pytest.mark.django_db
def test_an_unknown_error_gets_no_suggestion_a_miss_and_a_metric(agent_client, scope_tree):
    sig = _capture(agent_client, "ssl certificate verify failed for host", "SSLError")
    _resolve(sig["id"], "Install the corporate CA bundle.")
    counter = metrics.SUGGESTION_MISS.labels(source="match")
    before = counter._value.get()
    body = _match(agent_client, "segmentation fault in libpng while decoding thumbnail", "SIGSEGV")
    assert body["matches"] == []
    assert body["suggestions"] == []
    assert body["match_type"] == "none"
    assert counter._value.get() == before + 1
    miss = SuggestionMiss.objects.get(source="match")
    assert miss.error_type == "SIGSEGV"


@pytest.mark.django_db
def test_matching_never_reveals_signatures_the_caller_may_not_read(
    api_client, agent_client, scope_tree
):
    _capture(agent_client, "secret table payroll locked by another transaction", "LockError")
    token = AgentCredentialFactory(name="search-agent", scopes=[scope_tree["other_project"]]).token
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    body = api_client.post(
        MATCH,
        {
            "error_type": "LockError",
            "message": "secret table payroll locked by another transaction",
        },
        format="json",
    ).json()
    assert body["matches"] == []


@pytest.mark.django_db
def test_match_runs_in_a_bounded_number_of_queries(
    agent_client, scope_tree, django_assert_max_num_queries
):
    sig = _capture(agent_client, "redis connection reset by peer", "ConnectionError")
    _resolve(sig["id"], "Raise the client timeout.")
    with django_assert_max_num_queries(12):
        body = _match(agent_client, "redis connection reset by peer", "ConnectionError")
    assert body["suggestions"]


def _sample(metric, suffix, labels=None):
    from prometheus_client import REGISTRY

    return REGISTRY.get_sample_value(metric + suffix, labels or {}) or 0.0


@pytest.mark.django_db
def test_matching_emits_latency_count_and_result_metrics(agent_client, scope_tree):
    _capture(agent_client, "kafka producer buffer exhausted", "BufferError")
    latency = _sample("hindsight_match_latency_ms", "_count")
    results = _sample("hindsight_match_results_count", "_sum")
    found = _sample("hindsight_match_total", "", {"match_type": "semantic", "found": "true"})
    _match(agent_client, "kafka producer buffer exhausted", "BufferError")
    assert _sample("hindsight_match_latency_ms", "_count") == latency + 1
    assert _sample("hindsight_match_results_count", "_sum") == results + 1
    assert (
        _sample("hindsight_match_total", "", {"match_type": "semantic", "found": "true"})
        == found + 1
    )
