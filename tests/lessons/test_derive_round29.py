"""How a reported command becomes a trigger (round 29): what a value stands for.

Each case is a report written the way agents write one, with commands of our own (written from
the tools' documentation, not from any benchmark set): the danger spelled otherwise must block,
a look-alike without it must not.
"""

import pytest

from tests.lessons.guard_probe import wrongly_read

# (reported command, title, why, must block, must allow)
REPORTS = [
    # `-1` is every process the user may signal: any signal that ends a process is the danger,
    # not only the one reported; a signal that reloads, pauses or only checks is not, nor is a
    # process group (`-1234`)
    (
        "kill -KILL -1",
        "Signalled every process on the build host",
        "With -1 as the pid every process the user may signal got it; the runner died mid-job.",
        ["kill -INT -1", "kill -s QUIT -1", "sudo kill -15 -1", "kill -KILL -1"],
        ["kill -0 -1", "kill -HUP -1", "kill -STOP -1", "kill -KILL -1234", "kill -l"],
    ),
    # a secret written into the line (a placeholder for it) where the report says others read
    # it there: any secret-named variable given a literal value, not one handed on from the
    # environment, nor the client run without it (it prompts)
    (
        "MYSQL_PWD=<password> mysqldump -h <host> shop",
        "Gave the MySQL password in the command line",
        "Every user on the box saw it in the process list.",
        [
            "MYSQL_PWD=Tr0ub4dor mysql -h db1.internal shop",
            "REDIS_PASSWORD=hunter2 redis-cli -h cache.internal",
            "PGPASSWORD='s3cr3t!' pg_dump -h db.internal app",
        ],
        [
            'MYSQL_PWD="$DB_PW" mysql -h db1.internal shop',
            "PGPASSWORD=$DB_PASS psql -h db.internal app",
            "mysqldump -h db1.internal shop",
            "PWD=/srv/app make",
        ],
    ),
    # ... where the report is about what the command did, the secret it carried is no part of it
    (
        "AWS_SECRET_ACCESS_KEY=<key> aws s3 rm --recursive s3://<bucket>",
        "Emptied the production bucket",
        "Every object was deleted and versioning was off.",
        ["aws s3 rm --recursive s3://prod-assets"],
        ["aws s3 ls s3://prod-assets", "AWS_SECRET_ACCESS_KEY=abc aws s3 ls s3://prod-assets"],
    ),
    # a registry's test index is not the public one: publishing there is how a release is tried
    (
        "cargo publish --allow-dirty",
        "Published a crate from a dirty working tree",
        "Published versions of a package can never be overwritten on the registry.",
        ["cargo publish", "twine upload dist/*", "poetry publish --build"],
        [
            "twine upload -r testpypi dist/*",
            "twine upload --repository-url https://test.pypi.org/legacy/ dist/*",
            "poetry publish -r testpypi",
            "cargo publish --dry-run",
        ],
    ),
    # the title says the operation (a rollback), the why its extent (every table dropped): the
    # extent is the same danger told otherwise, with the other tools that drop every table
    (
        "alembic downgrade base",
        "Rolled the migrations back all the way",
        "The downgrade removed every table and all rows in them.",
        ["flyway clean", "liquibase dropAll", "alembic downgrade base"],
        ["alembic upgrade head", "flyway info", "alembic history"],
    ),
    # ... where what else the command did (images pruned beside the volumes the title names)
    # stays out
    (
        "docker system prune --all --volumes",
        "Lost the database volumes to docker system prune --volumes",
        "The named volumes of the local databases were removed, and --all threw away every "
        "image as well.",
        ["docker volume prune -a", "docker system prune --volumes"],
        ["docker image prune -a", "docker image prune --all --force", "docker volume ls"],
    ),
    # every object of several kinds of a namespace deleted at once is what deleting the
    # namespace deletes; one object, one kind, or a selection by label is not
    (
        "kubectl delete namespace <namespace>",
        "Deleted a whole namespace by hand",
        "Every deployment, secret and volume claim in it went.",
        [
            "kubectl delete all --all -n billing",
            "kubectl -n billing delete deploy,svc,pvc,secret --all",
            "kubectl delete ns billing",
        ],
        [
            "kubectl delete pod web-1 -n billing",
            "kubectl delete pods --all -n billing",
            "kubectl get all -n billing",
            "kubectl delete all --all -n billing --dry-run=client",
            "kubectl delete deploy,svc -l app=web -n billing",
        ],
    ),
    # an option carrying a secret written into the line (`--body <value>`), where the report
    # says others read it there, is the danger; the same command reading it from stdin is not
    (
        "gh secret set <name> --body <value>",
        "Put a secret on the command line",
        "It is kept in the shell history.",
        ["gh secret set NPM_TOKEN --body npm_abc123", "gh secret set NPM_TOKEN -b x --repo o/r"],
        ["gh secret set NPM_TOKEN < token.txt", "gh secret set NPM_TOKEN --env prod < t.txt"],
    ),
    (
        "docker login -u <user> -p <password> <registry>",
        "Logged in to the registry with the password on the command line",
        "It is visible in the process list and saved in the shell history.",
        [
            "docker login -u ci -p hunter2 registry.acme.io",
            "docker login --username ci --password=hunter2 registry.acme.io",
        ],
        [
            'echo "$REG_PW" | docker login -u ci --password-stdin registry.acme.io',
            "docker login registry.acme.io",
        ],
    ),
]


@pytest.mark.parametrize(("example", "title", "why", "block", "allow"), REPORTS)
def test_report_reads_as_its_danger(example, title, why, block, allow):
    missed, blocked, derived = wrongly_read(example, title, why, block, allow)
    assert not missed and not blocked, (missed, blocked, derived.trigger)
