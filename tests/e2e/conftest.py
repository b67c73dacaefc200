"""Browser tests: Playwright driving Chromium against pytest-django's live server.

The Chromium is the one `make test` found or provisioned (`tests/e2e/browser.py`: one already on
the machine, else Playwright's own download, else Debian's package); without one these tests
fail (a skipped browser test must never pass for a green run). Screenshots go to
test-output/screenshots/ (git-ignored).
"""

import os
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from tests.clients import token_client
from tests.e2e.browser import ENV_VAR, LAUNCH_ARGS, find_chromium
from tests.governance.factories import AgentCredentialFactory

# Playwright's sync API runs an event loop in this thread; Django's ORM calls made by the test
# around it are still synchronous and safe here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-output" / "screenshots"


@pytest.fixture(scope="module")
def browser():
    notes: list[str] = []
    chromium = find_chromium(notes)
    if chromium is None:
        pytest.fail(
            f"no Chromium for the browser tests ({'; '.join(notes)}): `make test` provisions "
            f"one and says what failed, or set {ENV_VAR} to one"
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium.path, args=LAUNCH_ARGS)
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
        page.goto(f"{live_server.url}/review/login/")
        page.fill("#id_username", user.get_username())
        page.fill("#id_password", password)
        page.click("button[type=submit]")
        page.wait_for_url(f"{live_server.url}/review/")
        return page

    yield login
    for context in contexts:
        context.close()


@pytest.fixture
def dashboard_data(scope_tree):
    """Real lessons, an anti-pattern and a recurring error, reported through the agent API."""
    agent = token_client(AgentCredentialFactory(name="reporter").token)
    base = {
        "domain": "infrastructure",
        "category": "payments",
        "source_agent": "reporter",
        "context": "Payments webhook handling",
        "action_taken": "Deployed the handler",
    }
    lessons = [
        {
            **base,
            "lesson_type": "failure",
            "title": "Webhook handler timed out under load",
            "outcome": "Requests dropped",
        },
        {
            **base,
            "lesson_type": "success",
            "title": "Retry webhooks with exponential backoff",
            "outcome": "No drops in a week",
        },
        {
            **base,
            "lesson_type": "anti_pattern",
            "title": "Direct production database modifications",
            "action_taken": "psql prod -c 'UPDATE payments SET state=1'",
            "severity": "critical",
            "outcome": "Data inconsistency",
            "alternatives": ["Use a migration reviewed in DEV"],
        },
    ]
    for lesson in lessons:
        response = agent.post("/lessons/report", lesson, format="json")
        assert response.status_code == 200, response.content
    for port in (5432, 6543):
        response = agent.post(
            "/api/v1/hindsight/errors",
            {
                "error_type": "ConnectionError",
                "message": f"could not connect to db.internal:{port}: connection refused",
                "scope": scope_tree["project"].path,
            },
            format="json",
        )
        assert response.status_code in (200, 201), response.content
    return {"lessons": len(lessons)}
