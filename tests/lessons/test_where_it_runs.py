"""Where an operation runs (issue 12): a report that says the operation hurt production or a
shared instance blocks the same operation against another machine not named for development,
however the command says where (a host option, an address, a URL, a variable holding a
connection), and never the same operation on this machine (loopback, a unix socket, the
container host) or on a development, test or staging one. The strings were written from the
clients' documentation (psql, mysql, redis-cli, mongosh, helm), not from any benchmark set."""

import pytest

from lessons.value_classes import (
    NOT_DEVELOPMENT,
    NOT_LOCAL,
    PRODUCTION,
    place_holds,
    possibly_production,
    possibly_shared,
    remote_host,
)
from tests.lessons.guard_probe import blocks, prose_trigger, report_trigger, wrongly_read


@pytest.mark.parametrize(
    ("value", "host"),
    [
        ("db.internal", "db.internal"),
        ("10.20.0.5", "10.20.0.5"),
        ("10.20.0.5:5432", "10.20.0.5"),
        ("postgresql://app:secret@orders-db.internal:5432/orders", "orders-db.internal"),
        ("jdbc:postgresql://pg.corp.example.com:5432/shop", "pg.corp.example.com"),
        ("mongodb://mongo-1.internal,mongo-2.internal/shop?replicaSet=rs0", "mongo-1.internal"),
        ("redis://cache.svc.cluster.local:6379/0", "cache.svc.cluster.local"),
        ("deploy@web-3.example.net", "web-3.example.net"),
        ("kafka-2:9092", "kafka-2"),
        ("$DATABASE_URL", "$DATABASE_URL"),
        ("${MONGO_URI}", "${MONGO_URI}"),
        ("$KAFKA_BROKERS", "$KAFKA_BROKERS"),
    ],
)
def test_another_machine_is_read_from_every_spelling_of_a_target(value, host):
    assert remote_host(value) == host


@pytest.mark.parametrize(
    "value",
    [
        "localhost",
        "127.0.0.1",
        "127.0.1.1:6379",
        "postgresql://app@localhost/orders",
        "postgresql:///orders?host=/var/run/postgresql",
        "mongodb://[::1]:27017/shop",
        "redis://host.docker.internal:6379",
        "s3://acme-backups/2024",  # a bucket, not a machine one connects to
        "sqlite:///var/lib/app/app.db",
        "orders.dump",  # a file name
        "schema.prisma",
        "users",
        "DELETE FROM users",
    ],
)
def test_this_machine_a_file_or_a_word_is_no_other_machine(value):
    assert remote_host(value) is None


@pytest.mark.parametrize(
    ("value", "production", "shared"),
    [
        ("db.internal", True, True),
        ("app_prod", True, True),
        ("$PROD_DATABASE_URL", True, True),
        ("db.staging.internal", False, True),
        ("postgresql://app@db.internal/shop_test", False, False),
        ("redis.dev.internal", False, False),
        ("$TEST_DATABASE_URL", False, False),
        ("127.0.0.1", False, False),
        ("product_catalog", False, False),
    ],
)
def test_a_target_may_be_production_or_shared_unless_named_for_development(
    value, production, shared
):
    assert possibly_production(value) is production
    assert possibly_shared(value) is shared


@pytest.mark.parametrize(
    ("place", "words", "holds"),
    [
        # production named is production, whatever else the command names
        (PRODUCTION, ["test-runner-1", "production"], True),
        (NOT_DEVELOPMENT, ["db.internal", "app_prod"], True),
        # else a name of development or test is not production, on any machine
        (NOT_DEVELOPMENT, ["db.internal", "shop_test"], False),
        (NOT_DEVELOPMENT, ["db.staging.internal", "shop"], False),
        (NOT_LOCAL, ["db.staging.internal", "shop"], True),  # staging is shared
        # else another machine may be; this one never is
        (NOT_DEVELOPMENT, ["pg.corp.example.com", "shop"], True),
        (NOT_DEVELOPMENT, ["127.0.0.1", "shop"], False),
        # naming no place, a client connects where it is configured to
        (NOT_DEVELOPMENT, ["shop", "DELETE FROM orders"], True),
        (PRODUCTION, ["shop", "DELETE FROM orders"], False),
    ],
)
def test_where_a_command_acts_is_read_from_every_place_it_names(place, words, holds):
    assert place_holds(place, words)[0] is holds


# (reported command, title, why, must block, must allow)
REPORTS = [
    (
        'psql "$PROD_DATABASE_URL" -c "DELETE FROM <table>"',
        "Ran a DELETE without a WHERE clause against production",
        "Every row of the table was deleted.",
        [
            "psql -h pg.corp.example.com -d billing -c 'DELETE FROM invoices'",
            "mysql -h 10.20.0.5 crm -e 'delete from leads'",
            "psql postgresql://app@orders-db.internal/orders -c 'DELETE FROM line_items;'",
            "echo 'DELETE FROM invoices;' | psql -h pg.corp.example.com billing",
            'psql "$DATABASE_URL" -c "DELETE FROM invoices"',
        ],
        [
            "psql -h localhost -d billing -c 'DELETE FROM invoices'",
            "psql -h 127.0.0.1 billing -c 'DELETE FROM invoices'",
            "psql postgresql://app@[::1]/orders -c 'DELETE FROM line_items'",
            "psql -h db.staging.internal billing -c 'DELETE FROM invoices'",
            "psql -h pg.corp.example.com billing_test -c 'DELETE FROM invoices'",
            "psql -h pg.corp.example.com billing -c 'DELETE FROM invoices WHERE id = 7'",
            'psql "$TEST_DATABASE_URL" -c "DELETE FROM invoices"',
        ],
    ),
    (
        "redis-cli -h redis.internal FLUSHALL",
        "Ran FLUSHALL on the shared Redis",
        "The instance also held other services' sessions.",
        [
            "redis-cli -h 10.1.2.3 -p 6380 flushall",
            "redis-cli -u redis://cache.svc.cluster.local:6379 FLUSHALL",
            "redis-cli -h redis-staging.internal FLUSHALL",  # staging is shared too
            "redis-cli FLUSHALL",  # where it is configured to connect
        ],
        [
            "redis-cli -h 127.0.0.1 FLUSHALL",
            "redis-cli -h localhost flushall",
            "redis-cli -u redis://host.docker.internal:6379 FLUSHALL",
            "redis-cli -h redis.dev.internal FLUSHALL",
            "redis-cli -h redis.internal DEL myapp:cache:v2",
        ],
    ),
    (
        'mongosh "mongodb://<host>/<db>" --eval "db.dropDatabase()"',
        "Dropped a MongoDB database from mongosh",
        "The connection string pointed at the production replica set.",
        [
            "mongosh mongodb://10.0.9.4/catalog --eval 'db.dropDatabase()'",
            "mongosh \"$MONGODB_URI\" --eval 'db.dropDatabase()'",
            "mongosh --host mongo.corp.example.com catalog --eval 'db.dropDatabase()'",
        ],
        [
            "mongosh mongodb://localhost:27017/catalog --eval 'db.dropDatabase()'",
            "mongosh mongodb://127.0.0.1/catalog_test --eval 'db.dropDatabase()'",
            "mongosh mongodb://10.0.9.4/catalog --eval 'db.stats()'",
        ],
    ),
    (
        "helm uninstall <release> -n prod",
        "Uninstalled a production Helm release",
        "Every resource of the release went with it.",
        [
            "helm uninstall api -n production",
            "helm uninstall api --kube-context prod-eu",
            "helm uninstall api --kube-apiserver https://k8s.corp.example.com:6443",
        ],
        ["helm uninstall api -n dev", "helm uninstall api", "helm status api -n prod"],
    ),
    (
        "kafka-topics --bootstrap-server <broker> --delete --topic <topic>",
        "Deleted a Kafka topic to reset my consumer's offsets",
        "Other consumers still had events to read in it.",
        [
            "kafka-topics --bootstrap-server kafka-1.corp.example.com:9092 --delete --topic orders",
            "kafka-topics.sh --bootstrap-server $KAFKA_BOOTSTRAP_SERVERS --delete --topic orders",
        ],
        [
            "kafka-topics --bootstrap-server localhost:9092 --delete --topic orders",
            "kafka-topics --bootstrap-server kafka.dev.internal:9092 --delete --topic orders",
            "kafka-topics --bootstrap-server kafka-1.corp.example.com:9092 --list",
        ],
    ),
]


@pytest.mark.parametrize(("example", "title", "why", "block", "allow"), REPORTS)
def test_a_report_of_production_or_a_shared_instance_blocks_it_on_any_such_target(
    example, title, why, block, allow
):
    missed, blocked, derived = wrongly_read(example, title, why, block, allow)
    assert not missed, (missed, derived.trigger)
    assert not blocked, (blocked, derived.trigger)


def test_a_wrapper_runs_its_command_where_its_options_say():
    missed, blocked, derived = wrongly_read(
        "python manage.py flush --no-input",
        "Flushed the production database",
        "Every table was emptied in production.",
        ["heroku run -a shop-prod 'python manage.py flush --no-input'"],
        ["heroku run -a shop-staging 'python manage.py flush --no-input'"],
    )
    assert not missed, (missed, derived.trigger)
    assert not blocked, (blocked, derived.trigger)


# --- what a statement does, in every client and dialect -----------------------------------------

SQL_REPORTS = [
    (
        "psql -h <host> -d <db> -c 'DELETE FROM <table>'",
        "Ran a DELETE with no WHERE clause",
        "The WHERE clause was lost on the way; every row of the table went.",
        [
            # the same forgotten WHERE, whatever the verb (PostgreSQL: TRUNCATE "has the same
            # effect as an unqualified DELETE")
            "psql -d shop -c 'UPDATE customers SET email = NULL'",
            "mysql shop -e 'update accounts set balance = 0;'",
            "psql -d shop -c 'TRUNCATE TABLE payments CASCADE'",
            'sqlcmd -d Shop -Q "DELETE FROM dbo.Orders"',
            "echo 'delete from invoices;' | psql billing",
        ],
        [
            "psql -d shop -c 'UPDATE customers SET email = NULL WHERE id = 3'",
            "mysql shop -e 'DELETE FROM accounts WHERE closed_at < NOW()'",
            "psql -d shop -c 'EXPLAIN UPDATE customers SET email = NULL'",
            "psql -d shop -c 'SELECT count(*) FROM customers'",
        ],
    ),
    (
        "mongosh <uri> --eval 'db.dropDatabase()'",
        "Dropped a MongoDB database",
        "Every collection and its indexes were removed.",
        [
            # dropping every collection of a database in a loop drops what dropDatabase drops
            "mongosh catalog --eval 'db.getCollectionNames().forEach(c => db[c].drop())'",
            'mongo --eval \'db.getSiblingDB("shop").getCollectionNames()'
            '.forEach(function (n) { db.getSiblingDB("shop")[n].drop() })\'',
        ],
        [
            "mongosh catalog --eval 'db.getCollectionNames().forEach(c => print(c))'",
            "mongosh catalog --eval 'db.getCollectionNames().forEach(c => db[c].dropIndexes())'",
            "mongosh catalog --eval 'db.products.drop()'",
        ],
    ),
]


@pytest.mark.parametrize(("example", "title", "why", "block", "allow"), SQL_REPORTS)
def test_a_statement_is_read_for_what_it_does_in_every_client(example, title, why, block, allow):
    missed, blocked, derived = wrongly_read(example, title, why, block, allow)
    assert not missed, (missed, derived.trigger)
    assert not blocked, (blocked, derived.trigger)


# --- a sentence naming production -----------------------------------------------------------------


def test_a_production_migration_by_hand_is_blocked_in_every_migration_tool_on_another_machine():
    trigger = prose_trigger("Ran the production database migration by hand from my laptop")
    for line in [
        "flyway -url=jdbc:postgresql://pg.corp.example.com:5432/shop -user=admin migrate",
        "liquibase --url=jdbc:mysql://10.20.0.7:3306/shop update",
        "DATABASE_URL=postgres://admin@orders-db.internal/orders npx prisma migrate deploy",
        "DATABASE_URL=$PROD_DATABASE_URL python manage.py migrate",
        "npx knex migrate:latest --env production",
        "dbmate --url postgres://app@pg.corp.example.com/shop up",
    ]:
        assert blocks(trigger, line), line
    for line in [
        "flyway -url=jdbc:postgresql://localhost:5432/shop migrate",
        "liquibase --url=jdbc:postgresql://db.staging.internal:5432/shop update",
        "flyway -url=jdbc:postgresql://pg.corp.example.com:5432/shop info",
        "DATABASE_URL=postgres://app@127.0.0.1/shop_dev npx prisma migrate deploy",
        "npx knex migrate:latest",
        "dbmate up",
    ]:
        assert not blocks(trigger, line), line


def test_a_statement_a_sentence_places_in_production_needs_production_named():
    """Writing to a database on another machine is everyday work: a statement the sentence
    describes in production is blocked there by name only."""
    trigger = prose_trigger("Ran a DELETE on the production users table and forgot the WHERE")
    assert blocks(trigger, "psql -h db.internal -d app_prod -c 'DELETE FROM users'")
    assert not blocks(trigger, "psql -h db.internal -d shop -c 'DELETE FROM users WHERE id = 4'")


# --- state locking --------------------------------------------------------------------------------

LOCK_REPORTS = [
    (
        "terraform force-unlock -force <lock-id>",
        "Force-unlocked the Terraform state while another run held the lock",
        "Two writers corrupt the state.",
    ),
    (
        "terraform apply -lock=false",
        "Ran terraform apply with -lock=false to get past a stuck lock",
        "Two writers corrupt the state.",
    ),
]


@pytest.mark.parametrize(("example", "title", "why"), LOCK_REPORTS)
def test_running_without_the_lock_and_breaking_it_are_one_danger(example, title, why):
    missed, blocked, derived = wrongly_read(
        example,
        title,
        why,
        [
            "terraform force-unlock -force 9b1e0c7a-1d2f-4e55-8a10-3c4d5e6f7a8b",
            "terraform apply -lock=false -auto-approve",
            "tofu destroy -lock=false",
            "terragrunt apply -lock=false",
            "terraform import -lock=false aws_s3_bucket.logs acme-logs",
        ],
        [
            "terraform apply -lock-timeout=5m",
            "terraform apply -lock=true",
            "terraform plan -lock-timeout=10m",
            "terraform state pull",
        ],
    )
    assert not missed, (missed, derived.trigger)
    assert not blocked, (blocked, derived.trigger)


# --- where an earlier command of the line points the tool -----------------------------------------

CHOSEN_EARLIER = [
    (
        "kubectl delete namespace payments --context prod",
        "Deleted a namespace in production",
        "Everything in it went.",
        [
            "kubectl config use-context prod-eu && kubectl delete namespace payments",
            "kubectx production; kubectl delete ns payments",
        ],
        [
            "kubectl config use-context dev && kubectl delete namespace payments",
            "kubectl config use-context prod-eu && kubectl get namespace payments",
        ],
    ),
    (
        "terraform destroy -auto-approve -var-file=prod.tfvars",
        "Destroyed production with terraform destroy",
        "Every resource of production was destroyed.",
        ["terraform workspace select prod && terraform destroy -auto-approve"],
        [
            "terraform workspace select dev && terraform destroy -auto-approve",
            "terraform workspace select prod && terraform plan -destroy",
        ],
    ),
    (
        "psql -h db.internal -c 'DROP DATABASE orders'",
        "Dropped the production database",
        "The orders database of production was gone.",
        [
            "export PGHOST=pg.corp.example.com; psql -c 'DROP DATABASE orders'",
            'export DATABASE_URL=$PROD_DATABASE_URL && psql "$DATABASE_URL" -c '
            "'DROP DATABASE orders'",
        ],
        [
            "export PGHOST=localhost; psql -c 'DROP DATABASE orders'",
            "export PGHOST=pg.corp.example.com; psql -c 'SELECT 1'",
        ],
    ),
]


@pytest.mark.parametrize(("example", "title", "why", "block", "allow"), CHOSEN_EARLIER)
def test_a_place_chosen_earlier_in_the_line_is_where_the_tool_acts(
    example, title, why, block, allow
):
    missed, blocked, derived = wrongly_read(example, title, why, block, allow)
    assert not missed, (missed, derived.trigger)
    assert not blocked, (blocked, derived.trigger)


@pytest.mark.parametrize(
    "line",
    [
        "kubectl apply -f https://github.com/cert-manager/cert-manager/releases/download/v1.14.4/"
        "cert-manager.crds.yaml",
        "kubectl apply --filename=https://raw.githubusercontent.com/acme/k8s/main/ingress.yaml",
    ],
)
def test_a_manifest_read_from_a_url_is_not_where_the_command_acts(line):
    """`-f URL` names where kubectl reads its input; the cluster it acts on is its context."""
    trigger = report_trigger(
        "kubectl apply -f k8s/ --context production",
        "Applied manifests to production by hand",
        "Production changed without review or a pipeline run.",
    )
    assert not blocks(trigger, line)
    assert blocks(trigger, "kubectl apply -f k8s/ --context production")
