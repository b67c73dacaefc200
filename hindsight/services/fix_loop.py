"""The closed loop: outcomes of the fixes shown to agents, recorded without anyone reporting them.

When a capture's answer offers a fix to a session (`fix_offer_record`), the offer waits for what
the session does next, as its hook reports it:

- the session runs the failed command, or its corrected form, successfully
  (`fix_offers_settle_on_success`, from `POST /tool-results` without an error): one successful
  application of the offered resolution;
- the same signature fails again in that session (`fix_offers_settle_on_failure`, from the next
  capture): one failed application.

Each offer settles once (a conditional UPDATE claims it), into one `ResolutionApplication` keyed
by the offer, so a resent hook event never counts twice; the application carries the session and
the tool call that proved it.
"""

from __future__ import annotations

import logging
import shlex
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from governance.auth import Principal
from hindsight import conf
from hindsight.models import ErrorSignature, FixOffer, FixOfferOutcome
from hindsight.selectors.matching import Suggestion
from hindsight.services.resolutions import resolution_apply
from mnemosyne_site.errors import DomainError

logger = logging.getLogger(__name__)

_COMMAND_MAX = 2000
# Words in front of a command that do not change which program it runs.
_PREFIXES = {"sudo", "env", "command", "nohup", "time", "nice", "exec", "builtin"}
_PREFIX_OPTIONS_WITH_VALUE = {"-u", "-g", "-U", "-C", "-h", "-p", "-r", "-t", "-n", "-D"}
_SAME_PROGRAM = {"python3": "python", "pip3": "pip", "py": "python"}
_SEPARATORS = {"&&", "||", ";", "|", "&"}


def _words(command: str) -> list[str]:
    try:
        return shlex.split(command, comments=False)
    except ValueError:  # an unbalanced quote: still comparable word by word
        return command.split()


def _main_call(command: str) -> tuple[str, str]:
    """(program, first argument) of the command a line runs: the last call of a chain that is
    not a `cd`, without prefixes (`sudo`, `VAR=value`) or options."""
    calls: list[list[str]] = [[]]
    for word in _words(command):
        if word in _SEPARATORS:
            calls.append([])
        else:
            calls[-1].append(word)
    main: list[str] = []
    for call in calls:
        while call:
            if call[0] in _PREFIXES or ("=" in call[0] and not call[0].startswith("-")):
                call = call[1:]
            elif call[0].startswith("-"):  # a prefix's option (`sudo -u app`) goes with it
                call = call[2:] if call[0] in _PREFIX_OPTIONS_WITH_VALUE else call[1:]
            else:
                break
        if call and call[0] not in {"cd", "pushd", "source", "."}:
            main = call
    if not main:
        return "", ""
    program = main[0].rsplit("/", 1)[-1]
    program = _SAME_PROGRAM.get(program, program)
    argument = next((w for w in main[1:] if not w.startswith("-")), "")
    return program, argument


def same_command(failed: str, later: str) -> bool:
    """Whether `later` re-runs `failed` or its corrected form: the same text, or the same
    program with the same first argument (its subcommand or script), whatever the options."""
    if not failed.strip() or not later.strip():
        return False
    if " ".join(failed.split()) == " ".join(later.split()):
        return True
    program, argument = _main_call(failed)
    return bool(program) and (program, argument) == _main_call(later)


def fix_offer_record(
    *,
    suggestion: Suggestion,
    signature: ErrorSignature,
    session_key: str,
    tool_use_id: str,
    tool_name: str,
    command: str,
) -> FixOffer | None:
    """Remember that this session was shown this fix for this failure (once per tool call)."""
    if not session_key:
        return None
    try:
        with transaction.atomic():
            offer, _ = FixOffer.objects.get_or_create(
                session_key=session_key[:200],
                tool_use_id=tool_use_id[:200],
                resolution=suggestion.resolution,
                defaults={
                    "signature": signature,
                    "tool_name": tool_name[:200],
                    "command": command[:_COMMAND_MAX],
                    "near": suggestion.match == "near",
                    "confidence": suggestion.confidence,
                },
            )
    except IntegrityError:  # the same call's resend won a race: its offer stands
        return None
    return offer


def _pending(session_key: str):
    since = timezone.now() - timedelta(hours=conf.HINDSIGHT_FIX_OFFER_HOURS)
    return FixOffer.objects.filter(
        session_key=session_key[:200], outcome=FixOfferOutcome.PENDING, created_at__gte=since
    ).select_related("resolution")


def _settle(
    offer: FixOffer, *, success: bool, tool_use_id: str, actor: Principal, detail: str
) -> bool:
    """Claim the offer (one conditional UPDATE: a concurrent or resent event finds it settled),
    then record the application, keyed by the offer. An application the caller may not record
    leaves the offer pending and the caller's own call unharmed (it is logged)."""
    try:
        return _settle_atomically(
            offer, success=success, tool_use_id=tool_use_id, actor=actor, detail=detail
        )
    except DomainError as exc:
        logger.warning(
            "a fix outcome was not recorded",
            extra={"offer_id": offer.pk, "session_key": offer.session_key, "error": str(exc)},
        )
        return False


def _settle_atomically(
    offer: FixOffer, *, success: bool, tool_use_id: str, actor: Principal, detail: str
) -> bool:
    with transaction.atomic():
        claimed = FixOffer.objects.filter(pk=offer.pk, outcome=FixOfferOutcome.PENDING).update(
            outcome=FixOfferOutcome.SUCCESS if success else FixOfferOutcome.FAILURE,
            settled_by=tool_use_id[:200],
            settled_at=timezone.now(),
        )
        if not claimed:
            return False
        resolution_apply(
            resolution_id=offer.resolution_id,
            success=success,
            context={
                "source": "hook-loop",
                "offer_id": offer.pk,
                "tool_use_id": tool_use_id,
                "offered_for": offer.tool_use_id,
                "near_match": offer.near,
                "command": offer.command[:500],
            },
            error_message="" if success else detail[:2000],
            session_key=offer.session_key,
            idempotency_key=f"fix-offer:{offer.pk}",
            actor=actor,
        )
        application = offer.resolution.applications.filter(
            idempotency_key=f"fix-offer:{offer.pk}"
        ).first()
        FixOffer.objects.filter(pk=offer.pk).update(application=application)
    return True


def fix_offers_settle_on_success(
    *, session_key: str, tool_name: str, command: str, tool_use_id: str, actor: Principal
) -> int:
    """A successful call: the pending offers whose failed command it re-runs worked."""
    if not session_key or not command.strip() or not actor.can_write:
        return 0
    settled = 0
    offers = _pending(session_key)
    if tool_use_id:
        offers = offers.exclude(tool_use_id=tool_use_id)
    for offer in offers:
        if offer.tool_name and tool_name and offer.tool_name != tool_name:
            continue
        if same_command(offer.command, command):
            settled += _settle(offer, success=True, tool_use_id=tool_use_id, actor=actor, detail="")
    return settled


def fix_offers_settle_on_failure(
    *, session_key: str, signature: ErrorSignature, tool_use_id: str, message: str, actor
) -> int:
    """The same signature failed again after its fix was shown: the offers did not work. An
    offer made for this very call (a resent capture) is not its own failure."""
    if not session_key or not actor.can_write:
        return 0
    settled = 0
    offers = _pending(session_key).filter(signature=signature)
    if tool_use_id:
        offers = offers.exclude(tool_use_id=tool_use_id)
    for offer in offers:
        settled += _settle(
            offer, success=False, tool_use_id=tool_use_id, actor=actor, detail=message
        )
    return settled
