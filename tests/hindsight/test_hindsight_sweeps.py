"""Hindsight's auto-proposal sweep: promotions a lost refresh task never proposed."""

import pytest

from governance.auth import Principal
from governance.models import Proposal
from hindsight.services import hindsight_note_upsert, resolution_apply, resolution_create
from mnemosyne_site.models import TaskRun
from tests.hindsight.factories import ErrorSignatureFactory

pytestmark = pytest.mark.django_db


def test_the_sweep_proposes_a_due_promotion_once_and_moves_its_watermark(scope_tree):
    from hindsight.tasks import proposals_sweep

    signature = ErrorSignatureFactory(scope=scope_tree["project"])
    resolution = resolution_create(
        signature=signature, description="Use dict.get.", actor=Principal.system("a")
    )
    for _ in range(4):  # five applications, all successful; their refresh tasks never ran
        resolution_apply(resolution_id=resolution.pk, success=True, actor=Principal.system("a"))
    hindsight_note_upsert(signature_id=signature.pk)
    assert not Proposal.objects.filter(kind="promotion").exists()

    first = proposals_sweep.delay().get()

    proposal = Proposal.objects.get(kind="promotion")
    assert proposal.scope == scope_tree["team"]
    assert first["signatures_checked"] == 1 and first["promotions_proposed"] == 1
    second = proposals_sweep.delay().get()
    assert second["signatures_checked"] == 0 and second["cursor"] == first["cursor"]
    resolution_apply(resolution_id=resolution.pk, success=True, actor=Principal.system("a"))
    third = proposals_sweep.delay().get()
    assert third["signatures_checked"] == 1 and third["promotions_proposed"] == 0  # asked once
    assert Proposal.objects.filter(kind="promotion").count() == 1
    assert TaskRun.objects.filter(task_name="hindsight.proposals_sweep").count() == 3
