"""Telling people that something entered their queue: an inbox row, then an e-mail.

The inbox rows are written in the caller's transaction (they vanish with it on rollback); the
e-mail is a side effect that cannot be rolled back, so it leaves only after commit through the
outbox (`mnemosyne_site.outbox`, kept there while the broker is down), one task per notification,
which claims the row before sending so a retried task sends once. The periodic
`notifications_send_pending` sweep sends e-mails whose task was lost with a worker.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import timedelta

from django.conf import settings
from django.core.mail import send_mail
from django.db.models import Model
from django.urls import reverse
from django.utils import timezone

from governance import conf
from governance.models import (
    Escalation,
    Notification,
    NotificationKind,
    Proposal,
    Scope,
)
from governance.selectors.queues import escalation_handlers, escalation_path, queue_label
from governance.selectors.scopes import maintainers_of
from mnemosyne_site.outbox import enqueue_on_commit

logger = logging.getLogger(__name__)


def notifications_create(
    *,
    users: Iterable,
    kind: str,
    title: str,
    subject: Model,
    body: str = "",
    url: str = "",
    scope: Scope | None = None,
) -> list[int]:
    """Add one inbox row per person (once per event) and e-mail them after commit.

    Returns the ids of rows created now; people who already had this event are skipped.
    """
    users = [u for u in users if u is not None]
    if not users:
        return []
    subject_type, subject_id = subject._meta.label_lower, str(subject.pk)
    before = set(
        Notification.objects.filter(
            kind=kind, subject_type=subject_type, subject_id=subject_id, user__in=users
        ).values_list("user_id", flat=True)
    )
    Notification.objects.bulk_create(
        [
            Notification(
                user=user,
                kind=kind,
                title=title[:300],
                body=body,
                url=url,
                subject_type=subject_type,
                subject_id=subject_id,
                scope=scope,
            )
            for user in users
            if user.pk not in before
        ],
        ignore_conflicts=True,  # a concurrent sweep may have told them already
    )
    created = list(
        Notification.objects.filter(
            kind=kind,
            subject_type=subject_type,
            subject_id=subject_id,
            user__in=[u for u in users if u.pk not in before],
        ).values_list("pk", flat=True)
    )
    if conf.NOTIFY_BY_EMAIL and created:
        for pk in created:
            enqueue_on_commit("governance.notification_email_send", pk)
    return created


def notifications_send_pending(
    *, older_than: timedelta = timedelta(minutes=2), limit: int = 200
) -> int:
    """Send e-mails whose task never ran (the broker was down, a worker died). Each row is
    claimed before sending, so this and a late task never both send one."""
    if not conf.NOTIFY_BY_EMAIL:
        return 0
    ids = list(
        Notification.objects.filter(
            emailed_at__isnull=True, created_at__lte=timezone.now() - older_than
        )
        .exclude(user__email="")
        .order_by("created_at")
        .values_list("pk", flat=True)[:limit]
    )
    sent = 0
    for pk in ids:
        try:
            sent += notification_email_send(notification_id=pk)
        except Exception:
            logger.warning("e-mail for notification %s failed; will retry", pk, exc_info=True)
    return sent


def notification_email_send(*, notification_id: int) -> bool:
    """Send one notification's e-mail, at most once: the row is claimed before sending and
    released if sending fails, so the task's retry can try again."""
    claimed = Notification.objects.filter(pk=notification_id, emailed_at__isnull=True).update(
        emailed_at=timezone.now()
    )
    if not claimed:
        return False
    notification = Notification.objects.select_related("user").get(pk=notification_id)
    address = notification.user.email
    if not address:
        return False
    link = f"{settings.SITE_URL.rstrip('/')}{notification.url}" if notification.url else ""
    text = "\n\n".join(part for part in (notification.body, link) if part)
    try:
        send_mail(
            subject=f"[Mnemosyne] {notification.title}",
            message=text or notification.title,
            from_email=settings.DEFAULT_FROM_EMAIL,
            recipient_list=[address],
        )
    except Exception:
        Notification.objects.filter(pk=notification_id).update(emailed_at=None)
        raise
    return True


def notification_mark(*, user, notification_id: int, read: bool) -> Notification:
    """Mark one of the person's own notifications read or unread (others' are not found)."""
    notification = Notification.objects.get(pk=notification_id, user=user)
    notification.read_at = timezone.now() if read else None
    notification.save(update_fields=["read_at"])
    return notification


def notifications_mark_all_read(*, user) -> int:
    return Notification.objects.filter(user=user, read_at__isnull=True).update(
        read_at=timezone.now()
    )


# --- what enters whose queue ------------------------------------------------------------------


def notify_proposal_queued(proposal: Proposal) -> list[int]:
    people = maintainers_of(proposal.scope)
    if proposal.proposed_by_user_id:
        people = people.exclude(pk=proposal.proposed_by_user_id)
    kind_label = proposal.get_kind_display().lower()
    return notifications_create(
        users=list(people),
        kind=NotificationKind.PROPOSAL,
        title=f"To review in {proposal.scope.path}: {proposal.title}",
        body=f"A {kind_label} proposal by {proposal.proposed_by} waits for "
        f"{proposal.required_approvals} maintainer approval(s).",
        url=reverse("review:proposal", args=[proposal.pk]),
        subject=proposal,
        scope=proposal.scope,
    )


def notify_proposal_decided(proposal: Proposal, *, decided_by) -> list[int]:
    """Tell the person who proposed it (agents and sweeps have no inbox)."""
    proposer = proposal.proposed_by_user
    if proposer is None or proposer.pk == getattr(decided_by, "pk", None):
        return []
    return notifications_create(
        users=[proposer],
        kind=NotificationKind.DECIDED,
        title=f"Your proposal was {proposal.state}: {proposal.title}",
        url=reverse("review:proposal", args=[proposal.pk]),
        subject=proposal,
        scope=proposal.scope,
    )


def _escalation_title(escalation: Escalation, *, overdue: bool) -> str:
    label = queue_label(escalation.escalated_to)
    what = escalation.title or escalation.reason[:120]
    return f"{'Overdue' if overdue else 'New'} {escalation.priority} escalation for {label}: {what}"


def notify_escalation_queued(escalation: Escalation, *, overdue: bool = False) -> list[int]:
    return notifications_create(
        users=list(escalation_handlers(escalation)),
        kind=NotificationKind.OVERDUE if overdue else NotificationKind.ESCALATION,
        title=_escalation_title(escalation, overdue=overdue),
        body=escalation.reason,
        url=reverse("review:escalation", args=[escalation.pk]),
        subject=escalation,
        scope=escalation.scope,
    )


def notify_escalations_created(escalations: list[Escalation]) -> list[int]:
    """Tell the handlers of escalations opened in this transaction. Nobody can have heard of
    them yet, so their inbox rows go in one statement without asking who was told before, and
    escalations for the same queue, scope and domain share one look-up of their handlers."""
    handlers: dict[tuple[str, str, str], list] = {}
    rows = []
    for escalation in escalations:
        key = (
            escalation.escalated_to.strip().lower(),
            escalation_path(escalation),
            escalation.domain.strip().lower(),
        )
        if key not in handlers:
            handlers[key] = list(escalation_handlers(escalation))
        rows += [
            Notification(
                user=user,
                kind=NotificationKind.ESCALATION,
                title=_escalation_title(escalation, overdue=False)[:300],
                body=escalation.reason,
                url=reverse("review:escalation", args=[escalation.pk]),
                subject_type=escalation._meta.label_lower,
                subject_id=str(escalation.pk),
                scope=escalation.scope,
            )
            for user in handlers[key]
        ]
    if not rows:
        return []
    created = [row.pk for row in Notification.objects.bulk_create(rows)]
    if conf.NOTIFY_BY_EMAIL:
        for pk in created:
            enqueue_on_commit("governance.notification_email_send", pk)
    return created
