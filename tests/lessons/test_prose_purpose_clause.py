"""What an act was for is no part of what was done: "… so the deploy would stop failing" names
no deploy and nothing stopped; what was done is still read."""

from tests.lessons.guard_probe import blocks, prose_trigger

GRANT = (
    "Gave the pipeline's service account roles/owner on the production project so the release "
    "would stop failing on missing permissions"
)


def test_the_purpose_gives_no_commands():
    trigger = prose_trigger(GRANT)
    assert blocks(
        trigger,
        "gcloud projects add-iam-policy-binding shop-prod --member=serviceAccount:ci@x.com "
        "--role=roles/owner",
    )
    for line in (
        "vercel deploy --prod",
        "systemctl stop ci",
        "gcloud projects remove-iam-policy-binding shop-prod --member=serviceAccount:ci@x.com "
        "--role=roles/owner",
        "gcloud projects get-iam-policy shop-prod --filter=bindings.role:roles/owner",
    ):
        assert not blocks(trigger, line), line
