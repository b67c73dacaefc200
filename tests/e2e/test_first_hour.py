"""A new user's first hour, as the README tells it: the demo `make run` sets up, the spec's curl
lines from the README's "Try it" section sent anonymously from this machine, then the supervisor's
escalation queue and the maintainer's dashboard and admin, in a real browser."""

import json
import re
import shlex
import shutil
import subprocess
from pathlib import Path
from urllib.request import Request, urlopen

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from lessons import conf
from lessons.models import Lesson
from mnemosyne_site.management.commands.serve import demo_file, local_agent_defaults

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("spec_rules"),
]

README = Path(__file__).resolve().parents[2] / "README.md"
README_ADDRESS = "http://localhost:8025"
DEMO_PASSWORD = "first-hour-demo-password"


def readme_curl_commands() -> list[list[str]]:
    """The commands of the README's "Try it" block, each as its argv."""
    section = README.read_text().split("\n## Try it\n", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    commands = []
    for chunk in block.split("\n\n"):  # one command per paragraph, after its comment
        text = "\n".join(line for line in chunk.splitlines() if not line.startswith("#"))
        commands.append(shlex.split(text.replace("\\\n", " ")))
    return commands


def run_curl(argv: list[str], address: str) -> dict:
    """Run one README command against `address`: with curl when the machine has it, else the
    same method, headers and body through urllib."""
    argv = [arg.replace(README_ADDRESS, address) for arg in argv]
    if shutil.which("curl"):
        out = subprocess.run(argv, capture_output=True, text=True, check=True, timeout=60)
        return json.loads(out.stdout)
    pairs = list(zip(argv, argv[1:], strict=False))
    data = next((value for flag, value in pairs if flag == "-d"), None)
    method = next((value for flag, value in pairs if flag == "-X"), "POST" if data else "GET")
    headers = dict(
        (part.strip() for part in value.split(":", 1)) for flag, value in pairs if flag == "-H"
    )
    url = next(arg for arg in argv if arg.startswith(address))
    request = Request(url, data=data.encode() if data else None, headers=headers, method=method)
    with urlopen(request, timeout=60) as response:
        return json.loads(response.read())


@pytest.fixture
def demo(settings, tmp_path, monkeypatch, live_server):
    """What `make run` sets up: the demo data, and anonymous local agents in the demo project."""
    settings.DATA_DIR = tmp_path
    # Trigger counts reach the dashboard at once, not after the web process's flush interval.
    monkeypatch.setattr(conf, "ANTI_PATTERN_STATS_FLUSH_SECONDS", 0.0)
    monkeypatch.setenv("MNEMOSYNE_DEMO_PASSWORD", DEMO_PASSWORD)
    call_command("seed_demo", verbosity=0)
    demo = json.loads(demo_file().read_text())
    defaults = local_agent_defaults(demo=demo)
    settings.MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL = defaults["MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL"] == "true"
    settings.MNEMOSYNE_DEFAULT_SCOPE = defaults["MNEMOSYNE_DEFAULT_SCOPE"]
    return demo


def test_the_readmes_examples_reach_the_demo_supervisor_and_maintainer(
    demo, live_server, open_as, screenshots
):
    commands = readme_curl_commands()
    assert [argv[0] for argv in commands] == ["curl"] * 6
    failure, anti_pattern, relevant, shell_anti_pattern, blocked, allowed = (
        run_curl(c, live_server.url) for c in commands
    )

    # Anonymous reports from this machine land in the demo project.
    assert failure["status"] == anti_pattern["status"] == "recorded"
    assert (
        failure["scope"] == anti_pattern["scope"] == demo["scope"] == "acme/platform/payments/api"
    )
    assert set(anti_pattern["escalated_to"]) == {"ARIA", "domain_supervisor"}
    assert isinstance(relevant, list)
    # A command is matched as a command: another spelling of the danger is blocked, the same
    # command without what makes it dangerous is not.
    assert shell_anti_pattern["status"] == "recorded"
    assert blocked["blocked"] is True
    assert allowed["blocked"] is False and allowed["matching_patterns"] == []
    assert blocked["alternatives"] == [
        "Push a branch and open a pull request",
        "git revert the bad commit",
    ]
    assert Lesson.objects.filter(scope__path=demo["scope"]).count() == 3

    people = get_user_model().objects

    # The supervisor finds both escalations in the queues.
    page = open_as(people.get(username="supervisor"), DEMO_PASSWORD)
    page.goto(f"{live_server.url}/review/escalations/")
    queue = page.locator("main")
    assert queue.get_by_text("Never modify prod Supabase directly").first.is_visible()
    assert queue.get_by_text("Brief description").first.is_visible()
    page.screenshot(path=str(screenshots / "first-hour-supervisor-escalations.png"), full_page=True)

    # The maintainer sees the two lessons counted and charted on the dashboard ...
    page = open_as(people.get(username="maintainer"), DEMO_PASSWORD)
    page.goto(f"{live_server.url}/review/dashboard/")
    figures = {
        figure.locator(".k").inner_text().strip().lower(): figure.locator(".v").inner_text()
        for figure in page.locator("section[aria-label='Lesson figures'] .figure").all()
    }
    assert figures["total lessons"] == "3"
    assert figures["failures"] == "1" and figures["anti patterns"] == "2"
    assert page.locator("svg[aria-label='Lessons per day by type over 30 days']").is_visible()
    # The anti-patterns the checks just tripped are on the most-triggered chart.
    triggered = page.locator(".card", has_text="Most-triggered anti-patterns")
    assert triggered.get_by_text("Never force-push to main", exact=True).is_visible()
    page.screenshot(path=str(screenshots / "first-hour-maintainer-dashboard.png"), full_page=True)

    # ... and the anti-pattern in the admin, and the review box on the admin's index.
    page.goto(f"{live_server.url}/admin/lessons/antipattern/")
    assert page.get_by_role("link", name="Never modify prod Supabase directly").is_visible()
    page.goto(f"{live_server.url}/admin/")
    review_box = page.locator("#review-module")
    for name in ("Review queue", "Escalation queues", "Dashboard", "Inbox"):
        link = review_box.get_by_role("link", name=name)
        assert link.is_visible()
        box = link.bounding_box()
        assert box["width"] > box["height"] * 2, f"{name} is not laid out on one line"
    page.screenshot(path=str(screenshots / "admin-index.png"), full_page=True)


def test_the_first_page_sends_visitors_somewhere_useful(browser, live_server, screenshots):
    context = browser.new_context(viewport={"width": 1360, "height": 900})
    page = context.new_page()
    try:
        response = page.goto(f"{live_server.url}/")
        assert response.status == 200
        page.screenshot(path=str(screenshots / "first-page.png"), full_page=True)
        targets = {
            name: page.get_by_role("link", name=name, exact=True).get_attribute("href")
            for name in ("Log in to review", "Admin", "API docs", "Health")
        }
        assert targets == {
            "Log in to review": "/review/login/",
            "Admin": "/admin/",
            "API docs": "/api/docs/",
            "Health": "/healthz",
        }
        page.get_by_role("link", name="Log in to review").click()
        assert page.locator("#id_username").is_visible()
    finally:
        context.close()
