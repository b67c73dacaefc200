import pytest

from governance.auth import Principal
from governance.models import AuditLog
from governance.services import scope_ensure_path
from hindsight.services import hindsight_note_upsert, resolution_apply, resolution_create
from notes.models import KnowledgeItem
from tests.hindsight.factories import ErrorSignatureFactory


def _resolve(signature, description="Guard the lookup with dict.get.", code="", **kwargs):
    return resolution_create(
        signature=signature,
        description=description,
        code_change=code,
        actor=Principal.system("agent"),
        **kwargs,
    )


@pytest.mark.django_db
def test_it_writes_a_hindsight_note_once_a_fix_works(
    scope_tree, django_capture_on_commit_callbacks
):
    signature = ErrorSignatureFactory(
        scope=scope_tree["project"],
        context_patterns={"frameworks": ["django"], "file_types": [".py"], "files": ["views.py"]},
        stack_patterns=["get_user (views.py)", "dispatch (base.py)"],
    )
    with django_capture_on_commit_callbacks(execute=True):
        _resolve(
            signature,
            description="Read the key with dict.get. Return 404 when it is missing.",
            code="- user = data['user_id']\n+ user = data.get('user_id')",
        )
    signature.refresh_from_db()
    note = signature.note
    assert note is not None
    assert note.kind == "hindsight"
    assert note.scope == scope_tree["project"]
    assert note.status == "accepted"
    for heading in ("## Error Pattern", "## Resolution", "## Code Examples", "## Tags"):
        assert heading in note.content
    assert "1. Read the key with dict.get." in note.content
    assert "2. Return 404 when it is missing." in note.content
    assert "+ user = data.get('user_id')" in note.content
    assert {"KeyError", "django", ".py", "views.py"} <= set(note.tags)
    assert note.metadata["error_signature_id"] == str(signature.pk)
    assert note.metadata["resolutions"][0]["success_rate"] == 1.0
    assert note.metadata["error_signature"]["message_template"] == signature.message_template
    assert note.embedding is not None
    assert AuditLog.objects.filter(action="hindsight.note.create", target_id=str(note.pk)).exists()


@pytest.mark.django_db
def test_a_session_error_gets_its_note_in_the_project(scope_tree):
    session = scope_ensure_path(path="acme/platform/payments/api/s-42")
    signature = ErrorSignatureFactory(scope=session)
    _resolve(signature)
    note = hindsight_note_upsert(signature_id=signature.pk)
    assert note.scope == scope_tree["project"]


@pytest.mark.django_db
def test_a_new_resolution_updates_the_existing_note_instead_of_adding_one(scope_tree):
    signature = ErrorSignatureFactory(scope=scope_tree["project"])
    _resolve(signature, description="First fix.")
    first = hindsight_note_upsert(signature_id=signature.pk)
    _resolve(signature, description="Second fix: validate the payload schema.")
    second = hindsight_note_upsert(signature_id=signature.pk)
    assert second.pk == first.pk
    assert KnowledgeItem.objects.filter(kind="hindsight").count() == 1
    assert "First fix." in second.content and "validate the payload schema" in second.content
    assert len(second.metadata["resolutions"]) == 2


@pytest.mark.django_db
def test_no_note_while_no_fix_works_more_than_half_the_time(scope_tree):
    signature = ErrorSignatureFactory(scope=scope_tree["project"])
    resolution = _resolve(signature)
    resolution_apply(resolution_id=resolution.pk, success=False, actor=Principal.system("a"))
    assert hindsight_note_upsert(signature_id=signature.pk) is None  # exactly 0.5
    assert not KnowledgeItem.objects.filter(kind="hindsight").exists()
    resolution_apply(resolution_id=resolution.pk, success=True, actor=Principal.system("a"))
    assert hindsight_note_upsert(signature_id=signature.pk) is not None  # 2/3


@pytest.mark.django_db
def test_a_near_duplicate_signatures_resolution_is_merged_into_the_existing_note(scope_tree):
    # Seed 000, "Merge resolutions for duplicate": add the resolution, create no new note,
    # update the existing note with the merged resolutions.
    first = ErrorSignatureFactory(
        scope=scope_tree["project"], message_template="KeyError: 'user_id' not found in <PATH>"
    )
    twin = ErrorSignatureFactory(
        scope=scope_tree["project"], message_template="KeyError: 'user_id' not found in <PATH> "
    )
    _resolve(first)
    twin_fix = _resolve(twin, description="Guard the lookup with dict.get and a default.")
    note = hindsight_note_upsert(signature_id=first.pk)

    merged = hindsight_note_upsert(signature_id=twin.pk)

    assert merged is not None and merged.pk == note.pk
    assert KnowledgeItem.objects.filter(kind="hindsight").count() == 1
    twin.refresh_from_db()
    assert twin.metadata["note_duplicate_of"] == str(note.pk)  # merged, not a note of its own
    assert twin.note_id is None
    ids = [r["id"] for r in merged.metadata["resolutions"]]
    assert str(twin_fix.pk) in ids and len(ids) == 2
    assert "dict.get and a default" in merged.content
    assert merged.metadata["error_signature_id"] == str(first.pk)  # the note's own signature
    # and the first signature's next rewrite keeps the merged resolution
    again = hindsight_note_upsert(signature_id=first.pk)
    assert "dict.get and a default" in again.content


@pytest.mark.django_db
def test_a_different_error_gets_its_own_note(scope_tree):
    first = ErrorSignatureFactory(
        scope=scope_tree["project"], message_template="KeyError: 'user_id' not found in <PATH>"
    )
    other = ErrorSignatureFactory(
        scope=scope_tree["project"],
        message_template="could not connect to server: Connection refused at <IP>",
        error_type="OperationalError",
    )
    _resolve(first)
    _resolve(other, description="Start the database before the tests.")
    assert hindsight_note_upsert(signature_id=first.pk) is not None
    assert hindsight_note_upsert(signature_id=other.pk) is not None
    assert KnowledgeItem.objects.filter(kind="hindsight").count() == 2
