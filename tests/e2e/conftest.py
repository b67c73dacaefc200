"""Browser tests: Playwright driving Debian's Chromium against pytest-django's live server.

`.ci/run` installs Chromium when it is missing; without it these tests fail (a skipped browser
test must never pass for a green run). Screenshots go to test-output/screenshots/ (git-ignored).
"""

import os
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in this thread; Django's ORM calls made by the test
# around it are still synchronous and safe here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-output" / "screenshots"


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is not installed: apt-get install chromium (.ci/run does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@pytest.fixture
def open_as(browser, live_server):
    """open_as(user) -> a logged-in page of a fresh browser context (its own cookies)."""
    contexts = []

    def login(user, password="pw"):
        context = browser.new_context(viewport={"width": 1360, "height": 900})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15000)
        page.goto(f"{live_server.url}/review/login")
        page.fill("#id_username", user.get_username())
        page.fill("#id_password", password)
        page.click("button[type=submit]")
        page.wait_for_url(f"{live_server.url}/review/")
        return page

    yield login
    for context in contexts:
        context.close()


@pytest.fixture
def registries():
    from governance import registry

    saved = (dict(registry._APPLIERS), dict(registry._DESCRIBERS),
             dict(registry._DASHBOARD_PROVIDERS))
    yield registry
    for current, old in zip((registry._APPLIERS, registry._DESCRIBERS,
                             registry._DASHBOARD_PROVIDERS), saved, strict=True):
        current.clear()
        current.update(old)


@pytest.fixture
def knowledge_promotion(registries):
    """Promotion of notes.knowledgeitem as the notes app defines it: approving creates an
    accepted copy in the target scope that keeps its lineage. Until the notes branch (which owns
    that applier and describer) is merged, a stand-in doing exactly that is registered here; once
    it is, the real ones run and this fixture registers nothing."""
    from governance.models import ProposalKind
    from notes.models import KnowledgeItem, KnowledgeStatus

    if registries.applier_for(ProposalKind.PROMOTION, "notes.knowledgeitem") is None:

        def promote(proposal):
            item = KnowledgeItem.objects.get(pk=proposal.subject_id)
            KnowledgeItem.objects.create(
                kind=item.kind, scope=proposal.scope, status=KnowledgeStatus.ACCEPTED,
                title=item.title, content=item.content, metadata=item.metadata, tags=item.tags,
                embedding=item.embedding, original=item,
                promotion_path=[*(item.promotion_path or [item.scope.path]), proposal.scope.path],
                created_by=f"promotion:{proposal.pk}",
            )

        registries.register_applier(ProposalKind.PROMOTION, "notes.knowledgeitem", promote)
    if registries.describer_for("notes.knowledgeitem") is None:

        def describe(subject_id):
            item = KnowledgeItem.objects.select_related("scope").get(pk=subject_id)
            return {
                "title": item.title, "status": item.status, "kind": item.kind,
                "layer": item.scope.layer, "scope": item.scope.path,
                "content": item.content,
                "metrics": {"retrieval_count": item.retrieval_count,
                            "usefulness_score": item.usefulness_score,
                            "reference_count": item.reference_count},
                "lineage": item.promotion_path or [item.scope.path],
                "tags": item.tags,
            }

        registries.register_describer("notes.knowledgeitem", describe)
    return registries


@pytest.fixture
def sample_dashboard(registries):
    """Dashboard sections in the shapes the lessons and hindsight apps register, for apps not
    merged on this branch yet (real providers win when present)."""
    from datetime import date, timedelta

    today = date.today()
    types = ["failure", "success", "workaround", "anti_pattern", "discovery"]

    def lessons(principal):
        per_day = [
            {"date": (today - timedelta(days=d)).isoformat(), "lesson_type": t,
             "count": (d * 7 + i * 3 + d * i) % (6 - i // 2)}
            for d in range(30) for i, t in enumerate(types)
        ]
        return {
            "figures": {"total_lessons": 412, "failures": 131, "successes": 160,
                        "anti_patterns": 18, "confirmed_patterns": 9, "pending_escalations": 4,
                        "lessons_today": 12, "lessons_this_week": 67},
            "lessons_per_day": per_day,
            "top_anti_patterns": [
                {"id": "1", "title": "Direct production database modifications",
                 "times_triggered": 42, "severity": "critical"},
                {"id": "2", "title": "rm -rf on data directories", "times_triggered": 17,
                 "severity": "critical"},
                {"id": "3", "title": "Editing n8n workflows via SQL", "times_triggered": 9,
                 "severity": "high"},
                {"id": "4", "title": "Deploying to prod without dev testing",
                 "times_triggered": 5, "severity": "medium"},
            ],
        }

    def hindsight(principal):
        return {
            "top_signatures": [
                {"id": "a", "error_type": "ConnectionError",
                 "pattern": "ConnectionError: could not connect to <host>:<port>",
                 "occurrence_count": 88},
                {"id": "b", "error_type": "KeyError", "pattern": "KeyError: '<key>'",
                 "occurrence_count": 51},
                {"id": "c", "error_type": "TimeoutError",
                 "pattern": "TimeoutError: request to <url> timed out after <n>s",
                 "occurrence_count": 23},
            ],
            "resolution_success": [
                {"id": "r1", "description": "Retry with exponential backoff",
                 "success_rate": 0.92, "application_count": 25},
                {"id": "r2", "description": "Pin the client library to 2.x",
                 "success_rate": 0.64, "application_count": 11},
                {"id": "r3", "description": "Raise the pool size", "success_rate": 0.31,
                 "application_count": 13},
            ],
        }

    from governance.registry import dashboard_providers

    present = dashboard_providers()
    if "lessons" not in present:
        registries.register_dashboard_provider("lessons", lessons)
    if "hindsight" not in present:
        registries.register_dashboard_provider("hindsight", hindsight)
    return registries


@pytest.fixture
def make_person_e2e(scope_tree):
    from django.contrib.auth import get_user_model

    from governance.services import membership_grant

    def make(username, scope, role):
        user = get_user_model().objects.create_user(
            username=username, password="pw", email=f"{username}@example.com", is_staff=True)
        membership_grant(user=user, scope=scope, role=role)
        return user

    return make
