"""What a sentence's verb acts on ends where a clause about it begins, and everyday verbs of
getting rid of something ("axed", "ditched") are deletions: read for any tool's commands."""

import pytest

from tests.lessons.guard_probe import blocks, prose_trigger


@pytest.mark.parametrize(
    "sentence",
    [
        # a clause with no "that": its own subject begins with a determiner
        "Deleted the message queue the billing service reads from",
        "Axed the message queue during the cleanup",
        "Ditched the message queue since nobody seemed to use it",
    ],
)
def test_the_object_alone_is_what_any_tool_must_act_on(sentence):
    trigger = prose_trigger(sentence)
    assert blocks(trigger, "brokerctl message-queue rm billing")
    assert blocks(trigger, "mqadm delete-message-queue --name billing")
    assert not blocks(trigger, "brokerctl message-queue ls")
    assert not blocks(trigger, "brokerctl topic rm billing")


def test_a_clause_after_the_object_adds_no_noun_it_must_hold():
    trigger = prose_trigger("Removed the storage volume the nightly job writes to")
    assert blocks(trigger, "diskctl storage-volume delete vol-7")
    assert not blocks(trigger, "diskctl storage-volume describe vol-7")
