"""What a new user meets first: `/`, the URLs `make run` prints, one URL style, model names."""

import re

import httpx
import pytest
from django.apps import apps

from mnemosyne_site.management.commands.serve import banner, local_agent_defaults

PROJECT_APPS = {"mnemosyne_site", "governance", "lessons", "hindsight", "notes"}


@pytest.mark.django_db
def test_the_first_page_links_a_visitor_to_login_admin_api_docs_and_health(client):
    response = client.get("/")

    assert response.status_code == 200
    body = response.content.decode()
    for href in ('href="/review/login/"', 'href="/admin/"', 'href="/api/docs/"', 'href="/healthz"'):
        assert href in body


def test_the_icon_a_browser_asks_for_first_is_served_not_a_404(client):
    response = client.get("/favicon.ico")

    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert response.content.startswith(b"<svg")
    assert "max-age=86400" in response["Cache-Control"]
    assert client.post("/favicon.ico").status_code == 405


@pytest.mark.django_db
def test_the_first_page_sends_a_logged_in_person_to_the_review_pages(client, maintainer):
    client.force_login(maintainer)

    response = client.get("/")

    assert response.status_code == 302 and response["Location"] == "/review/"


@pytest.mark.django_db(transaction=True)
def test_every_url_make_run_prints_answers_200(live_server):
    demo = {"password": "pw", "agent_token": "mnem_x", "scope": "acme/platform/payments/api"}
    printed = banner(port="8025", demo=demo)
    urls = re.findall(r"http://localhost:8025\S*", printed)

    assert len(urls) == 6  # the site, review, admin, API docs, health, metrics
    with httpx.Client(base_url=live_server.url, follow_redirects=True, timeout=30) as http:
        answers = {url: http.get(url.removeprefix("http://localhost:8025")) for url in urls}
    assert {url: answer.status_code for url, answer in answers.items()} == dict.fromkeys(urls, 200)


def test_make_run_sends_anonymous_local_reports_to_the_demo_project():
    demo = {"password": "pw", "agent_token": "mnem_x", "scope": "acme/platform/payments/api"}

    assert local_agent_defaults(demo=demo) == {
        "MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL": "true",
        "MNEMOSYNE_DEFAULT_SCOPE": "acme/platform/payments/api",
    }
    assert local_agent_defaults(demo={}) == {"MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL": "true"}


@pytest.mark.django_db
@pytest.mark.parametrize(
    "old, new",
    [
        ("/review/escalations", "/review/escalations/"),
        ("/review/dashboard", "/review/dashboard/"),
        ("/review/inbox", "/review/inbox/"),
        ("/review/login", "/review/login/"),
    ],
)
def test_old_slashless_page_addresses_redirect_to_the_pages(client, old, new):
    response = client.get(old)

    assert response.status_code == 301 and response["Location"] == new


@pytest.mark.django_db
def test_the_schema_answers_with_and_without_the_old_trailing_slash(client):
    new = client.get("/api/schema", HTTP_ACCEPT="application/json")
    old = client.get("/api/schema/", HTTP_ACCEPT="application/json")

    assert new.status_code == old.status_code == 200
    assert new.json()["paths"] == old.json()["paths"]


def test_the_spec_agent_paths_keep_no_trailing_slash():
    from django.urls import reverse

    assert reverse("lessons-report") == "/lessons/report"
    assert reverse("check-anti-pattern") == "/check/anti-pattern"
    assert reverse("query-relevant") == "/query/relevant"
    assert reverse("escalations-pending") == "/escalations/pending"


def _naive_plural_is_wrong(name: str) -> bool:
    return re.search(r"([^aeiou]y|s|x|z|ch|sh)$", name) is not None


def test_every_model_has_a_correct_plural_name():
    wrong = [
        f"{model.__name__}: {model._meta.verbose_name_plural}"
        for model in apps.get_models()
        if model._meta.app_label in PROJECT_APPS
        and str(model._meta.verbose_name_plural) == f"{model._meta.verbose_name}s"
        and _naive_plural_is_wrong(str(model._meta.verbose_name))
    ]

    assert wrong == []
    names = {m.__name__: str(m._meta.verbose_name_plural) for m in apps.get_models()}
    assert names["SuggestionMiss"] == "suggestion misses"
    assert names["Trajectory"] == "trajectories"
    assert names["AgentMemory"] == "agent memories"
    assert names["Policy"] == "policies"
    assert names["AntiPattern"] == "anti-patterns"
