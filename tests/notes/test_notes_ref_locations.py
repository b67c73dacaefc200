"""External reference locations are checked against their type (issue 13.4): a web page's
`javascript:` link or a bare phrase is refused with a 400 naming `location`, nothing stored."""

import pytest

from notes.models import ExternalRef

REFS = "/api/v1/external-refs"

pytestmark = pytest.mark.django_db


def _put(client, ref_type, location, name="ref"):
    return client.put(f"{REFS}/{name}", {"ref_type": ref_type, "location": location}, format="json")


@pytest.mark.parametrize("ref_type", ["documentation", "api", "wiki", "repository", "tool"])
@pytest.mark.parametrize(
    "location",
    [
        "javascript:alert(1)",
        "JavaScript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "vbscript:msgbox(1)",
        "file:///etc/passwd",
        "not a url",
        "https://",
        "http://exa mple.com/x",
        "https://example.com/\x00x",
        "https://example.com/\nx",
    ],
)
def test_a_location_no_type_accepts_is_refused_naming_the_field(agent_client, ref_type, location):
    response = _put(agent_client, ref_type, location)
    assert response.status_code == 400, (ref_type, location, response.content)
    assert "location" in response.json()["fields"]
    assert not ExternalRef.objects.exists()


@pytest.mark.parametrize("ref_type", ["api", "wiki"])
@pytest.mark.parametrize("location", ["docs/runbook.md", "/srv/wiki/page", "kubectl"])
def test_web_types_need_an_http_url(agent_client, ref_type, location):
    response = _put(agent_client, ref_type, location)
    assert response.status_code == 400 and "location" in response.json()["fields"]


@pytest.mark.parametrize(
    ("ref_type", "location"),
    [
        ("api", "https://api.example.com/v1/openapi.json"),
        ("wiki", "http://wiki.internal:8080/Payments"),
        ("documentation", "https://docs.example.com/guide#setup"),
        ("documentation", "docs/runbook.md"),
        ("documentation", "/usr/share/doc/payments/README"),
        ("repository", "https://github.com/acme/payments.git"),
        ("repository", "git@github.com:acme/payments.git"),
        ("repository", "ssh://git@git.example.com/acme/payments.git"),
        ("repository", "../payments"),
        ("tool", "kubectl"),
        ("tool", "/usr/local/bin/payments-cli"),
        ("tool", "https://tools.example.com/dashboard"),
    ],
)
def test_each_type_accepts_its_own_kind_of_location(agent_client, ref_type, location):
    response = _put(agent_client, ref_type, location)
    assert response.status_code == 201, response.content
    assert ExternalRef.objects.get().location == location
