"""How a reported command becomes a trigger: what the title says the danger is (round 28).

Each case is a report written the way agents write one, with commands of our own (written from
the tools' documentation, not from any benchmark set): the danger spelled otherwise must block,
a look-alike without it must not.
"""

import pytest

from lessons.command_patterns import CommandTrigger
from tests.lessons.guard_probe import blocks, wrongly_read

# (reported command, title, why, must block, must allow)
TITLE_REPORTS = [
    # the title names the operation as the command (`tofu destroy`) and the why names the flag
    # that answered its prompt (-auto-approve): the operation is the danger; an agent answers
    # the prompt either way
    (
        "tofu destroy -auto-approve -var-file=shared.tfvars",
        "Ran tofu destroy from the wrong directory",
        "-auto-approve meant nobody read the plan, and the shared network stack was torn down.",
        [
            "tofu destroy",
            "terraform destroy -target=module.vpc",
            "cd envs/shared && terraform destroy -var-file=shared.tfvars",
            "terraform apply -destroy",
        ],
        [
            "terraform plan -destroy",
            "terraform apply -auto-approve",
            "terraform destroy -help",
            "terraform state list",
        ],
    ),
    # a flag without which the operation does nothing (git clean refuses to run without -f) is
    # no answer to a prompt: it stays the danger, and the interactive clean stays allowed
    (
        "git clean -fdx",
        "Lost local certificates and the .env to git clean",
        "git clean -fdx removed the untracked certificates and the ignored .env file; untracked "
        "files have no history to restore from.",
        ["git clean -dfx", "git clean -f -d"],
        ["git clean -n", "git clean -i", "git clean", "git status --ignored"],
    ),
    # the title spells the flag: the flag is the danger, the plain command prompts and stays
    # allowed
    (
        "terraform destroy -auto-approve",
        "Don't run terraform destroy -auto-approve",
        "Every resource in the state went without the plan being shown.",
        ["terraform destroy --auto-approve -var-file=prod.tfvars"],
        ["terraform destroy", "terraform destroy -target=aws_instance.web"],
    ),
    # the title names the command bare, but the command bare is everyday work: the flag the why
    # names stays the danger
    (
        "git push --force origin main",
        "Ran git push on main",
        "git push --force replaced the shared history; two colleagues' commits were gone.",
        ["git push -f origin main"],
        ["git push origin main", "git push origin feature/login"],
    ),
]


@pytest.mark.parametrize(
    ("action", "title", "why", "block", "allow"), TITLE_REPORTS, ids=[r[1] for r in TITLE_REPORTS]
)
def test_the_title_says_which_of_the_reported_flags_are_the_danger(
    action, title, why, block, allow
):
    missed, blocked, derived = wrongly_read(action, title, why, block, allow)
    assert (missed, blocked) == ([], []), (derived.trigger, derived.notes)


FIREWALL_REPORTS = [
    # ufw(8): `ufw default allow incoming` accepts every connection no rule denies, which is
    # the host firewall off for everything that listens, as `ufw disable` leaves it;
    # firewalld's `trusted` zone accepts every connection (firewalld.zones(5))
    (
        "sudo ufw disable",
        "Disabled the host firewall to reach a container",
        "Every listening service on the VM was reachable from the network afterwards.",
        [
            "sudo ufw default allow incoming",
            "ufw default allow",
            "sudo firewall-cmd --set-default-zone=trusted",
        ],
        [
            "sudo ufw default allow outgoing",
            "sudo ufw default deny incoming",
            "sudo ufw default allow routed",
            "sudo firewall-cmd --set-default-zone=public",
            "sudo firewall-cmd --get-default-zone",
            "sudo ufw allow 443/tcp",
        ],
    ),
]


@pytest.mark.parametrize(
    ("action", "title", "why", "block", "allow"),
    FIREWALL_REPORTS,
    ids=[r[1] for r in FIREWALL_REPORTS],
)
def test_a_default_policy_accepting_everything_is_the_firewall_off(
    action, title, why, block, allow
):
    missed, blocked, derived = wrongly_read(action, title, why, block, allow)
    assert (missed, blocked) == ([], []), (derived.trigger, derived.notes)


AUTH_OFF_REPORTS = [
    # every database image documents its own switch for running without a password (the
    # postgres image's POSTGRES_HOST_AUTH_METHOD=trust, mysql's and mariadb's
    # *_ALLOW_EMPTY_PASSWORD, Bitnami's ALLOW_EMPTY_PASSWORD, Elasticsearch's
    # xpack.security.enabled=false, neo4j's NEO4J_AUTH=none): where the prose names the kind
    # ("no password"), each of them is the danger
    (
        "docker run -d -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres:16",
        "Published a Postgres container with trust authentication",
        "The port was reachable from the network and a database with no password needs none "
        "to be read or wiped.",
        [
            "docker run -d -p 3306:3306 -e MYSQL_ALLOW_EMPTY_PASSWORD=yes mysql:8.4",
            "podman run -d -p 3307:3306 -e MARIADB_ALLOW_EMPTY_ROOT_PASSWORD=1 mariadb:11",
            "docker run -d -p 6379:6379 -e ALLOW_EMPTY_PASSWORD=yes bitnami/redis:7.2",
            "docker run -d -p 9201:9200 -e xpack.security.enabled=false elasticsearch:8.14.1",
            "docker run -d -p 7687:7687 --env NEO4J_AUTH=none neo4j:5",
        ],
        [
            "docker run -d -p 3306:3306 -e MYSQL_ALLOW_EMPTY_PASSWORD=no mysql:8.4",
            "docker run -d -p 9201:9200 -e xpack.security.enabled=true elasticsearch:8.14.1",
            "docker run -d -p 5432:5432 -e POSTGRES_PASSWORD_FILE=/run/secrets/pg postgres:16",
            "docker run -d -p 7687:7687 --env NEO4J_AUTH=neo4j/s3cret-pass neo4j:5",
            "docker run --rm -e ALLOW_EMPTY_PASSWORD=yes bitnami/redis:7.2 redis-cli --version",
        ],
    ),
]


@pytest.mark.parametrize(
    ("action", "title", "why", "block", "allow"),
    AUTH_OFF_REPORTS,
    ids=[r[1] for r in AUTH_OFF_REPORTS],
)
def test_every_database_images_switch_for_no_password_is_the_danger(
    action, title, why, block, allow
):
    missed, blocked, derived = wrongly_read(action, title, why, block, allow)
    assert (missed, blocked) == ([], []), (derived.trigger, derived.notes)


SIBLING_REPORTS = [
    # the title says what was lost (volumes); the why also tells what else the command did
    # (unused images went too): the same danger in other tools is the title's, not every
    # effect the why mentions
    (
        "docker system prune --all --volumes --force",
        "Lost the CI cache volumes to docker system prune --volumes",
        "--volumes deleted every volume no running container used, the stopped Postgres "
        "container's data among them; --all threw away the unused images as well.",
        ["docker volume prune -f", "podman system prune --volumes -f", "docker compose down -v"],
        ["docker image prune -a -f", "docker system df", "docker volume ls"],
    ),
    # a why that tells the title's danger in other words ("every row of every table") names a
    # danger sharing its commands: its other tools stay the report's
    (
        "python manage.py flush --noinput",
        "Ran manage.py flush against the shared staging database",
        "flush wiped the database: every row of every table went, the QA team's fixtures too.",
        [
            "flyway -url=jdbc:postgresql://db.staging.internal/app clean",
            "bin/rails db:truncate_all",
        ],
        ["python manage.py migrate", "python manage.py showmigrations"],
    ),
]


@pytest.mark.parametrize(
    ("action", "title", "why", "block", "allow"),
    SIBLING_REPORTS,
    ids=[r[1] for r in SIBLING_REPORTS],
)
def test_the_same_danger_in_other_tools_is_the_one_the_title_names(
    action, title, why, block, allow
):
    missed, blocked, derived = wrongly_read(action, title, why, block, allow)
    assert (missed, blocked) == ([], []), (derived.trigger, derived.notes)


# glab api is GitLab's CLI's REST call, with gh api's flags (-X/--method, -f/-F fields): a
# trigger for a forge API call made with gh api reaches it, on GitLab's own resource paths
PROTECTION_REMOVED = CommandTrigger.from_json(
    {
        "commands": [
            {
                "program": "gh",
                "subcommand": ["api"],
                "options": {"--method": "re:(?i)^(delete|put|patch)$"},
                "anywhere": ["re:(?i)(/branches/[^/]+/protection|/protected_branches)(/|$)"],
            }
        ]
    }
)


@pytest.mark.parametrize(
    "line",
    [
        "glab api -X DELETE projects/acme%2Fsite/protected_branches/main",
        "glab api --method DELETE projects/42/protected_branches/release",
        "GITLAB_HOST=git.acme.internal glab api -X PATCH projects/42/protected_branches/main",
    ],
)
def test_gitlabs_api_call_is_the_same_call_made_with_gh_api(line):
    assert blocks(PROTECTION_REMOVED, line)


@pytest.mark.parametrize(
    "line",
    [
        "glab api projects/42/protected_branches",
        "glab api -X DELETE projects/42/issues/7/award_emoji/3",
        "glab mr list",
        "glab api",
    ],
)
def test_gitlabs_api_reads_and_other_calls_stay_allowed(line):
    assert not blocks(PROTECTION_REMOVED, line)
