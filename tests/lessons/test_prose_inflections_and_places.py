"""A sentence's words read in every spelling ("emptied" is empty, "registries" is registry), a
database that only says where or whose ("the database host", "the database secret") is no
database wiped, and a secret's source handed to a tool is no secret written on the line."""

from lessons.command_patterns import CommandTrigger
from lessons.danger_concepts import LITERAL_SECRET
from tests.lessons.guard_probe import blocks, report_trigger


def test_a_verb_in_ied_names_its_y_stem():
    trigger = report_trigger(
        "Emptied the production media bucket while resetting a demo",
        title="Emptied a production bucket",
        why="Every uploaded file was gone and versioning was off.",
    )
    assert blocks(trigger, "aws s3 rm s3://media-prod --recursive")
    assert blocks(trigger, "gcloud storage rm --recursive gs://media-prod/*")
    assert not blocks(trigger, "aws s3 ls s3://media-prod")
    assert not blocks(trigger, "aws s3 rm s3://media-prod/one-file.png")


def test_a_database_named_for_where_or_whose_is_no_database_reset():
    where = report_trigger(
        "Destroyed the old ZFS pool on the database host to free space",
        title="Destroyed a ZFS pool",
        why="The pool held the only snapshots.",
    )
    assert blocks(where, "zpool destroy tank")
    assert not blocks(where, "bin/rails db:reset")
    assert not blocks(where, "npx prisma migrate reset")
    whose = report_trigger(
        "Reset the database password in the secret store and every service lost its connection",
        title="Rotated the database credential without telling its users",
        why="Every service kept the old credential and failed.",
    )
    assert not blocks(whose, "bin/rails db:reset")
    assert not blocks(whose, "redis-cli flushall")
    wiped = report_trigger(
        "Reset the shared database with the migration tool and lost every row",
        title="Reset the shared database",
        why="Every table was dropped and recreated empty.",
    )
    assert blocks(wiped, "bin/rails db:reset")


def test_a_secret_source_given_to_a_tool_is_no_secret_on_the_command_line():
    trigger = CommandTrigger.from_json(
        {"commands": [{"program": "re:.", "options": {"--secret": LITERAL_SECRET}}]}
    )
    assert blocks(trigger, "docker build --secret s3cr3t-value .")
    assert not blocks(trigger, "docker build --secret id=npmrc,src=$HOME/.npmrc -t web .")
    assert not blocks(trigger, "docker buildx build --secret id=tok,env=NPM_TOKEN .")
    assert not blocks(trigger, "docker build --secret $NPM_TOKEN .")


def test_a_setting_turned_off_is_its_no_switch_in_any_tool():
    trigger = report_trigger(
        "Switched off deletion protection on the production cache cluster before a resize",
        title="Turned off deletion protection in production",
        why="A cleanup job deleted the cluster the same night.",
    )
    assert blocks(trigger, "gcloud redis instances update prod-cache --no-deletion-protection")
    assert blocks(trigger, "cachectl modify --cluster prod-cache --no-deletion-protection")
    assert not blocks(trigger, "gcloud redis instances update prod-cache --deletion-protection")
    assert not blocks(trigger, "cachectl modify --cluster dev-cache --no-deletion-protection")
    # one noun turned off is no switch of its own: `--no-cache` is everyday
    cache = report_trigger(
        "Disabled the cache on the build server",
        title="Disabled the cache",
        why="Every build took an hour.",
    )
    assert not blocks(cache, "docker build --no-cache -t web .")


def test_a_production_bucket_emptied_through_any_cloud_cli_requires_production():
    # Every cloud's bulk removal is translated to one shared program; it keeps the place.
    trigger = report_trigger(
        "Emptied the production assets bucket with a recursive delete",
        title="Emptied a production bucket",
        why="Every object the storefront served was lost.",
    )
    assert blocks(trigger, "aws s3 rm s3://shop-prod-assets --recursive")
    assert blocks(trigger, "gsutil -m rm -r gs://shop-production-assets/**")
    assert not blocks(trigger, "aws s3 rm s3://shop-dev-scratch --recursive")
    assert not blocks(trigger, "gsutil -m rm -r gs://shop-dev-scratch/**")


def test_a_secret_removed_is_deleted_in_either_spelling():
    trigger = report_trigger(
        "gh secret delete <name>",
        title="Deleted the Actions secret the deploy workflow reads",
        why="Every deploy failed until the secret was restored.",
    )
    assert blocks(trigger, "gh secret delete DEPLOY_KEY")
    assert blocks(trigger, "gh secret remove DEPLOY_KEY")
    assert not blocks(trigger, "gh secret list")
    assert not blocks(trigger, "gh secret set DEPLOY_KEY")


def test_a_publish_a_sentence_describes_reaches_a_registry_elsewhere():
    trigger = report_trigger(
        "Published the package before its tests passed",
        title="Published a package with failing tests",
        why="The broken version cannot be unpublished.",
    )
    assert blocks(trigger, "npm publish")
    assert blocks(
        trigger, "dotnet nuget push app.1.2.0.nupkg --source https://api.nuget.org/v3/index.json"
    )
    assert not blocks(trigger, "dotnet nuget push app.1.2.0.nupkg --source ./local-feed")
    assert not blocks(trigger, "npm publish --registry http://localhost:4873")
