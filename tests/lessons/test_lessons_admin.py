import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from governance.models import AuditLog
from lessons.models import AntiPattern, EscalationRule, Pattern
from tests.lessons.factories import AntiPatternFactory, LessonFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client_(db):
    user = get_user_model().objects.create_superuser("root", "root@example.com", "pw")
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize(
    "model", ["lesson", "antipattern", "pattern", "escalationrule", "agentmemory", "validation"]
)
def test_every_changelist_renders_with_filters_and_search(admin_client_, model, scope_tree):
    LessonFactory()
    AntiPatternFactory()
    response = admin_client_.get(f"/admin/lessons/{model}/?q=data")
    assert response.status_code == 200


def test_the_deactivate_action_goes_through_the_service(admin_client_, scope_tree):
    one, two = AntiPatternFactory(title="one"), AntiPatternFactory(title="two")
    response = admin_client_.post(
        "/admin/lessons/antipattern/",
        {"action": "deactivate", "_selected_action": [one.pk, two.pk]},
        follow=True,
    )
    assert response.status_code == 200
    assert "2 anti-pattern(s) deactivated" in response.content.decode()
    assert not AntiPattern.objects.filter(active=True).exists()
    assert AuditLog.objects.filter(action="anti_pattern.deactivate").count() == 2


def _form(anti_pattern, **changes):
    data = {
        "scope": anti_pattern.scope_id,
        "trigger_pattern": anti_pattern.trigger_pattern,
        "domain": anti_pattern.domain,
        "category": "",
        "title": anti_pattern.title,
        "why_bad": anti_pattern.why_bad,
        "example": anti_pattern.example or "",
        "alternatives": ",".join(anti_pattern.alternatives),
        "severity": anti_pattern.severity,
        "block_action": "",
        "active": "on",
    }
    data.update(changes)
    return data


def test_an_invalid_trigger_is_refused_in_the_admin(admin_client_, scope_tree):
    anti_pattern = AntiPatternFactory()
    response = admin_client_.post(
        f"/admin/lessons/antipattern/{anti_pattern.pk}/change/",
        _form(anti_pattern, trigger_pattern=r"(?=lookahead)x"),
    )
    assert response.status_code == 200  # the form again, with its error
    assert "Not a valid RE2 pattern" in response.content.decode()
    anti_pattern.refresh_from_db()
    assert anti_pattern.trigger_pattern == r"(?i)rm\s+-rf\s+/data"


def test_a_valid_trigger_edit_is_saved_and_audited(admin_client_, scope_tree):
    anti_pattern = AntiPatternFactory()
    response = admin_client_.post(
        f"/admin/lessons/antipattern/{anti_pattern.pk}/change/",
        _form(anti_pattern, trigger_pattern=r"(?i)shred\s+-u"),
    )
    assert response.status_code == 302
    anti_pattern.refresh_from_db()
    assert anti_pattern.trigger_pattern == r"(?i)shred\s+-u"
    assert AuditLog.objects.filter(action="anti_pattern.update").exists()


def test_an_unsafe_escalation_condition_is_refused(admin_client_):
    response = admin_client_.post(
        "/admin/lessons/escalationrule/add/",
        {
            "target": "aria",
            "condition": "__import__('os').system('id')",
            "reason": "x",
            "priority": "",
            "position": 0,
            "active": "on",
        },
    )
    assert response.status_code == 200
    assert not EscalationRule.objects.filter(reason="x").exists()

    response = admin_client_.post(
        "/admin/lessons/escalationrule/add/",
        {
            "target": "security",
            "condition": "'secrets' in tags",
            "reason": "Secrets",
            "priority": "critical",
            "position": 0,
            "active": "on",
        },
    )
    assert response.status_code == 302
    assert EscalationRule.objects.filter(target="security").exists()


def test_pattern_actions_respect_the_maintainer_rule(client, maintainer, member):
    import numpy as np
    from django.contrib.auth.models import Permission

    from lessons.services import pattern_detect

    base = np.zeros(384, dtype=np.float32)
    base[0] = 1
    lessons = [LessonFactory(title=f"l{i}", embedding=base) for i in range(3)]
    pattern = pattern_detect(lesson_id=lessons[-1].pk)
    perms = Permission.objects.filter(codename__in=["view_pattern", "change_pattern"])
    for person in (member, maintainer):
        person.user_permissions.set(perms)

    client.force_login(member)  # may use the admin page, holds no maintainer role
    response = client.post(
        "/admin/lessons/pattern/",
        {"action": "confirm", "_selected_action": [pattern.pk]},
        follow=True,
    )
    assert "1 refused" in response.content.decode()
    assert Pattern.objects.get(pk=pattern.pk).status == "emerging"

    client.force_login(maintainer)
    client.post("/admin/lessons/pattern/", {"action": "confirm", "_selected_action": [pattern.pk]})
    assert Pattern.objects.get(pk=pattern.pk).status == "confirmed"


def test_a_command_trigger_is_edited_in_the_admin_and_kept_as_a_persons(admin_client_):
    anti_pattern = AntiPatternFactory()
    response = admin_client_.post(
        f"/admin/lessons/antipattern/{anti_pattern.pk}/change/",
        _form(anti_pattern, command_trigger='{"commands": ["shred -u <file>"]}'),
    )
    assert response.status_code == 302
    anti_pattern.refresh_from_db()
    assert anti_pattern.command_trigger == {
        "commands": [
            {
                "program": "shred",
                "flags": ["--remove"],
                "text": "shred -u <any>",
            }
        ],
        "source": "person",
    }


@pytest.mark.parametrize(
    "trigger, message",
    [
        ('{"commands": ["git push origin main"]}', "everyday command"),
        ('{"commands": [{"flags": ["-f"]}]}', "names its program"),
        ("[1, 2]", "is an object"),
    ],
)
def test_a_command_trigger_that_cannot_work_is_refused_in_the_admin(
    admin_client_, trigger, message
):
    anti_pattern = AntiPatternFactory()
    response = admin_client_.post(
        f"/admin/lessons/antipattern/{anti_pattern.pk}/change/",
        _form(anti_pattern, command_trigger=trigger),
    )
    assert response.status_code == 200
    assert message in response.content.decode()
    anti_pattern.refresh_from_db()
    assert anti_pattern.command_trigger == {}
