"""Escalations: deadlines from the policy, supervisors' transitions, overdue flags, routing."""

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from governance import conf
from governance.auth import Principal
from governance.models import AuditLog, Escalation, EscalationStatus, Notification
from governance.services import (
    EscalationRequest,
    escalation_create,
    escalation_transition,
    escalations_create,
    escalations_flag_overdue,
    queue_assign,
)
from mnemosyne_site.errors import Conflict, Forbidden, InvalidInput
from tests.clients import client_for
from tests.governance.factories import PolicyFactory, UserFactory

pytestmark = pytest.mark.django_db

URL = "/api/v1/governance/escalations"


@pytest.fixture
def escalation(scope_tree, supervisor):
    return escalation_create(
        escalated_to="ARIA",
        reason="Critical issue",
        priority="critical",
        title="prod DB modified directly",
        scope=scope_tree["project"],
    )


def move(escalation, user, status, notes=""):
    return escalation_transition(
        escalation_id=escalation.pk, principal=Principal.for_user(user), status=status, notes=notes
    )


def test_an_escalation_is_due_by_its_prioritys_deadline(escalation):
    hours = conf.ESCALATION_DEADLINE_HOURS["critical"]
    assert escalation.due_at - escalation.created_at == timedelta(hours=hours)
    assert escalation.overdue is False


def test_the_scopes_policy_sets_the_deadline(scope_tree):
    PolicyFactory(scope=scope_tree["team"], deadline_low_hours=1)
    low = escalation_create(
        escalated_to="varys", reason="Launch impact", priority="low", scope=scope_tree["project"]
    )
    assert low.due_at - low.created_at == timedelta(hours=1)


def test_an_escalation_without_a_scope_lands_in_the_default_scope(settings, scope_tree):
    escalation = escalation_create(escalated_to="aria", reason="r", priority="high")
    assert escalation.scope.path == settings.MNEMOSYNE_DEFAULT_SCOPE


def test_an_identical_pending_escalation_is_not_opened_twice(escalation, scope_tree):
    again = escalation_create(
        escalated_to="ARIA",
        reason="Critical issue",
        priority="critical",
        scope=scope_tree["project"],
    )
    assert again.pk == escalation.pk


def test_escalations_opened_together_are_each_audited_and_told_and_none_twice(
    escalation, scope_tree, supervisor, django_capture_on_commit_callbacks
):
    lesson_id = "7b0c1f2e-0000-4000-8000-000000000001"
    requests = [
        EscalationRequest(
            escalated_to="aria",
            reason=reason,
            priority="critical",
            title="prod DB modified directly",
            scope=scope_tree["project"],
            lesson_id=lesson_id,
        )
        for reason in ("Critical issue", "New anti-pattern")
    ]
    already = EscalationRequest(
        escalated_to="ARIA",
        reason="Critical issue",
        priority="critical",
        scope=scope_tree["project"],
    )
    with django_capture_on_commit_callbacks(execute=True):
        opened = escalations_create([*requests, already])

    assert opened[2].pk == escalation.pk  # the pending one is answered, not a copy
    assert [(e.escalated_to, e.reason) for e in opened[:2]] == [
        ("ARIA", "Critical issue"),
        ("ARIA", "New anti-pattern"),
    ]
    assert Escalation.objects.filter(lesson_id=lesson_id).count() == 2
    audited = AuditLog.objects.filter(
        action="escalation.create", target_id__in=[str(e.pk) for e in opened[:2]]
    )
    assert audited.count() == 2
    assert set(
        supervisor.notifications.exclude(subject_id=str(escalation.pk)).values_list(
            "subject_id", flat=True
        )
    ) == {str(e.pk) for e in opened[:2]}
    assert len(mail.outbox) == 2

    again = escalations_create(requests)
    assert [e.pk for e in again] == [e.pk for e in opened[:2]]
    assert Escalation.objects.count() == 3
    assert supervisor.notifications.count() == 3


def test_a_supervisor_reviews_then_resolves_with_notes_and_both_are_audited(escalation, supervisor):
    assert move(escalation, supervisor, "reviewed").status == "reviewed"
    resolved = move(escalation, supervisor, "resolved", "Restored from backup; added guard.")
    assert resolved.status == "resolved"
    assert resolved.resolved_by == "supervisor"
    assert resolved.resolved_at is not None
    assert "Restored from backup" in resolved.resolution_notes
    actions = list(
        AuditLog.objects.filter(target_id=str(escalation.pk))
        .order_by("id")
        .values_list("action", flat=True)
    )
    assert actions == ["escalation.create", "escalation.reviewed", "escalation.resolved"]


def test_resolving_or_dismissing_needs_notes(escalation, supervisor):
    with pytest.raises(InvalidInput) as caught:
        move(escalation, supervisor, "dismissed", "  ")
    assert "notes" in caught.value.fields


def test_a_closed_escalation_cannot_move_again(escalation, supervisor):
    move(escalation, supervisor, "dismissed", "noise")
    with pytest.raises(Conflict):
        move(escalation, supervisor, "resolved", "late")


@pytest.mark.parametrize("who", ["maintainer", "member", "outsider"])
def test_only_supervisors_handle_escalations(request, escalation, who):
    with pytest.raises(Forbidden):
        move(escalation, request.getfixturevalue(who), "reviewed")


def test_maintainers_handle_their_own_queue(scope_tree, maintainer):
    bloat = escalation_create(
        escalated_to="maintainers",
        reason="hindsight notes past 1000",
        priority="medium",
        scope=scope_tree["team"],
    )
    assert move(bloat, maintainer, "resolved", "cleaned up").status == "resolved"


def test_an_escalation_past_its_deadline_is_overdue_and_flagged_once(
    escalation, supervisor, django_capture_on_commit_callbacks
):
    Escalation.objects.filter(pk=escalation.pk).update(due_at=timezone.now() - timedelta(minutes=1))
    escalation.refresh_from_db()
    assert escalation.overdue is True
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert escalations_flag_overdue() == 1
        assert escalations_flag_overdue() == 0
    note = Notification.objects.get(kind="overdue")
    assert note.user == supervisor
    assert note.title.startswith("Overdue critical escalation for ARIA")
    assert len(mail.outbox) == 1
    assert AuditLog.objects.filter(action="escalation.overdue").count() == 1


def test_a_resolved_escalation_is_never_overdue(escalation, supervisor):
    move(escalation, supervisor, "resolved", "done")
    Escalation.objects.filter(pk=escalation.pk).update(due_at=timezone.now() - timedelta(days=1))
    escalation.refresh_from_db()
    assert escalation.overdue is False
    assert escalations_flag_overdue() == 0


def test_people_assigned_to_a_queue_are_told_instead_of_every_supervisor(scope_tree, supervisor):
    aria = UserFactory(username="aria-desk", roles={scope_tree["company"]: "supervisor"})
    queue_assign(user=aria, queue="ARIA", scope=scope_tree["company"])
    escalation = escalation_create(
        escalated_to="ARIA", reason="New anti-pattern", priority="high", scope=scope_tree["project"]
    )
    told = set(
        Notification.objects.filter(subject_id=str(escalation.pk)).values_list(
            "user__username", flat=True
        )
    )
    assert told == {"aria-desk"}
    # Nobody is assigned to VARYS: every supervisor of the scope hears about it.
    varys = escalation_create(
        escalated_to="VARYS", reason="Deadline risk", priority="high", scope=scope_tree["project"]
    )
    told = set(
        Notification.objects.filter(subject_id=str(varys.pk)).values_list(
            "user__username", flat=True
        )
    )
    assert told == {"aria-desk", "supervisor"}


# --- by API -----------------------------------------------------------------------------------


def test_a_supervisor_resolves_by_api(escalation, supervisor):
    client = client_for(supervisor)
    reviewed = client.post(f"{URL}/{escalation.pk}/review", {}, format="json")
    assert reviewed.status_code == 200
    assert (reviewed.json()["status"], reviewed.json()["can_handle"]) == ("reviewed", True)
    resolved = client.post(f"{URL}/{escalation.pk}/resolve", {"notes": "fixed"}, format="json")
    assert resolved.json()["status"] == "resolved"
    assert resolved.json()["resolution_notes"] == "fixed"


def test_dismiss_without_notes_answers_400_naming_the_field(escalation, supervisor):
    response = client_for(supervisor).post(f"{URL}/{escalation.pk}/dismiss", {}, format="json")
    assert response.status_code == 400
    assert "notes" in response.json()["fields"]


@pytest.mark.parametrize("who", ["maintainer", "member"])
def test_non_supervisors_of_the_scope_get_403_by_api(request, escalation, who):
    response = client_for(request.getfixturevalue(who)).post(
        f"{URL}/{escalation.pk}/review", {}, format="json"
    )
    assert response.status_code == 403


def test_an_outsider_gets_404_by_api(escalation, outsider):
    client = client_for(outsider)
    assert client.get(f"{URL}/{escalation.pk}").status_code == 404
    assert (
        client.post(f"{URL}/{escalation.pk}/resolve", {"notes": "x"}, format="json").status_code
        == 404
    )
    assert client.get(URL).json()["results"] == []


def test_an_agent_cannot_handle_escalations(escalation, agent_client):
    response = agent_client.post(f"{URL}/{escalation.pk}/review", {}, format="json")
    assert response.status_code == 403


def test_the_list_filters_overdue_and_open_escalations(escalation, supervisor, scope_tree):
    later = escalation_create(
        escalated_to="varys", reason="Launch impact", priority="low", scope=scope_tree["project"]
    )
    Escalation.objects.filter(pk=escalation.pk).update(due_at=timezone.now() - timedelta(hours=1))
    client = client_for(supervisor)
    overdue = client.get(URL, {"overdue": "true"}).json()["results"]
    assert [(row["id"], row["overdue"]) for row in overdue] == [(str(escalation.pk), True)]
    assert [r["id"] for r in client.get(URL, {"escalated_to": "VARYS"}).json()["results"]] == [
        str(later.pk)
    ]
    move(later, supervisor, "dismissed", "dup")
    open_ids = [r["id"] for r in client.get(URL, {"status": "open"}).json()["results"]]
    assert open_ids == [str(escalation.pk)]
    handleable = client.get(URL, {"handleable": "true"}).json()["results"]
    assert {r["queue"] for r in handleable} == {"ARIA", "VARYS"}


def test_a_new_escalation_reaches_the_supervisors_inbox_and_mail(
    scope_tree, supervisor, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        escalation_create(
            escalated_to="domain_supervisor",
            reason="Domain issue",
            priority="high",
            scope=scope_tree["project"],
        )
    assert EscalationStatus.PENDING == Escalation.objects.get().status
    assert supervisor.notifications.get().title.startswith("New high escalation for Domain")
    assert mail.outbox[0].to == ["supervisor@example.com"]


@pytest.mark.django_db(transaction=True)
def test_two_supervisors_closing_at_once_close_once(scope_tree):
    import threading

    from django.db import connection

    first = UserFactory(username="s1", roles={scope_tree["team"]: "supervisor"})
    second = UserFactory(username="s2", roles={scope_tree["team"]: "supervisor"})
    escalation = escalation_create(
        escalated_to="aria", reason="race", priority="high", scope=scope_tree["project"]
    )
    barrier = threading.Barrier(2)
    outcomes = []

    def close(user, status):
        try:
            barrier.wait()
            move(escalation, user, status, "closing it")
            outcomes.append(status)
        except Conflict:
            outcomes.append("conflict")
        finally:
            connection.close()

    threads = [
        threading.Thread(target=close, args=(first, "resolved")),
        threading.Thread(target=close, args=(second, "dismissed")),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes.count("conflict") == 1
    closed = Escalation.objects.get(pk=escalation.pk)
    assert closed.status in ("resolved", "dismissed")
    assert (
        AuditLog.objects.filter(
            target_id=str(escalation.pk), action__in=["escalation.resolved", "escalation.dismissed"]
        ).count()
        == 1
    )


def test_the_escalation_queue_page_does_not_grow_queries_with_rows(
    client, supervisor, scope_tree, django_assert_max_num_queries
):
    for n in range(12):
        escalation_create(
            escalated_to=["aria", "varys", "domain_supervisor"][n % 3],
            reason=f"reason {n}",
            priority="high",
            scope=scope_tree["project"],
        )
    client.force_login(supervisor)
    with django_assert_max_num_queries(14):
        response = client.get("/review/escalations/")
    assert response.content.decode().count("data-escalation=") == 12
