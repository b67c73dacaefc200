"""A danger is named by any form of its verb: irregular past forms ("rewrote", "overrode",
"tore", "undid") read as the base form the catalogue spells."""

import pytest

from lessons.prose_triggers import base_forms
from tests.lessons.guard_probe import blocks, prose_trigger


def test_irregular_forms_read_as_their_base_form():
    assert base_forms("rewrote the history, overrode the review") == (
        "rewrite the history, override the review"
    )
    assert base_forms("a written note on the random ranch") == "a write note on the random ranch"


@pytest.mark.parametrize(
    ("sentence", "dangerous", "harmless"),
    [
        (
            "Rewrote the history of the shared repository to drop a leaked file",
            "git filter-repo --path secrets.txt --invert-paths",
            "git log --oneline -- secrets.txt",
        ),
        (
            "Rewrote the history of the shared repository to drop a leaked file",
            "git filter-branch --index-filter 'git rm --cached secrets.txt' -- --all",
            "git rm --cached secrets.txt",
        ),
        (
            "Overrode the branch protection and merged without a review",
            "gh pr merge 77 --admin --squash",
            "gh pr merge 77 --auto --squash",
        ),
        (
            "Undid the last three migrations on production to fix a deploy",
            "RAILS_ENV=production bin/rails db:rollback STEP=3",
            "RAILS_ENV=production bin/rails db:migrate:status",
        ),
    ],
)
def test_a_sentence_in_the_past_tense_names_the_same_danger(sentence, dangerous, harmless):
    trigger = prose_trigger(sentence)
    assert blocks(trigger, dangerous)
    assert not blocks(trigger, harmless)
