"""Thin Celery wrappers around governance services."""

from celery import shared_task

from governance.ratelimit import rate_limit_prune
from governance.services import (
    escalations_flag_overdue,
    notification_email_send,
    notifications_send_pending,
)
from governance.services.ageing import escalations_age
from mnemosyne_site.scheduling import scheduled_task


@shared_task(
    name="governance.notification_email_send",
    autoretry_for=(OSError,),
    retry_backoff=True,
    max_retries=5,
    acks_late=True,
)
def notification_email_task(notification_id: int) -> bool:
    # SMTP failures surface as OSError subclasses (smtplib.SMTPException included).
    return notification_email_send(notification_id=notification_id)


@shared_task(name="governance.escalations_flag_overdue", acks_late=True)
@scheduled_task("governance.escalations_flag_overdue", outcome="flagged_overdue")
def escalations_flag_overdue_task() -> int:
    return escalations_flag_overdue()


@shared_task(name="governance.notifications_send_pending", acks_late=True)
@scheduled_task("governance.notifications_send_pending", outcome="sent")
def notifications_send_pending_task() -> int:
    return notifications_send_pending()


@shared_task(name="governance.escalations_age", acks_late=True)
@scheduled_task("governance.escalations_age")
def escalations_age_task() -> dict:
    return escalations_age()


@shared_task(name="governance.rate_limit_prune", acks_late=True)
@scheduled_task("governance.rate_limit_prune", outcome="deleted")
def rate_limit_prune_task() -> int:
    return rate_limit_prune()
