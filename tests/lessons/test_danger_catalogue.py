"""The catalogue of dangers reaches across vendors: a sentence naming a danger blocks every major
tool's command for it, and each tool's read-only look-alike stays allowed."""

import pytest

from lessons.command_triggers import CommandTrigger, derive
from lessons.commands import invocations


def trigger_for(sentence: str) -> CommandTrigger | None:
    derived = derive(texts=[sentence], prose=sentence, title=sentence)
    return CommandTrigger.from_json(derived.trigger)


def blocks(trigger: CommandTrigger | None, line: str) -> bool:
    return trigger is not None and trigger.match(invocations(line)) is not None


def assert_covers(sentence: str, dangerous: list[str], harmless: list[str]) -> None:
    trigger = trigger_for(sentence)
    missed = [line for line in dangerous if not blocks(trigger, line)]
    blocked = [line for line in harmless if blocks(trigger, line)]
    assert (missed, blocked) == ([], [])


@pytest.mark.parametrize(
    "sentence",
    [
        "Purged the message queue to get rid of a backlog",
        "Wiping the message broker on a shared environment",
        "Deleting a topic the consumers still read from",
    ],
)
def test_purging_a_queue_is_blocked_in_every_broker(sentence):
    assert_covers(
        sentence,
        [
            "rabbitmqctl purge_queue orders",
            "sudo rabbitmqctl delete_queue orders -p /shop",
            "rabbitmqadmin -H mq1 purge queue name=orders",
            "rabbitmqadmin queues delete --name orders",
            "celery -A shop purge -f",
            "aws sqs purge-queue --queue-url https://sqs.eu-west-1.amazonaws.com/1/orders",
            "gcloud pubsub subscriptions seek orders-sub --time=2030-01-01T00:00:00Z",
            "gcloud pubsub topics delete orders",
            "kafka-topics.sh --bootstrap-server k1:9092 --delete --topic orders",
            "rpk topic delete orders",
            "nats stream purge ORDERS -f",
            "az servicebus queue delete -g shop --namespace-name shopbus -n orders",
        ],
        [
            "rabbitmqctl list_queues name messages",
            "rabbitmqadmin queues list",
            "celery -A shop inspect active",
            "aws sqs get-queue-attributes --queue-url https://sqs.eu-west-1.amazonaws.com/1/o",
            "gcloud pubsub subscriptions describe orders-sub",
            "kafka-topics.sh --bootstrap-server k1:9092 --describe --topic orders",
            "rpk topic list",
            "nats stream info ORDERS",
            "az servicebus queue show -g shop --namespace-name shopbus -n orders",
        ],
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "Deleting secrets from the secrets manager",
        "Destroyed a secret in Vault that had no backup",
        "Scheduled the KMS key for deletion",
    ],
)
def test_deleting_a_secret_is_blocked_in_every_store(sentence):
    assert_covers(
        sentence,
        [
            "vault kv metadata delete secret/shop",
            "vault kv destroy -versions=1,2 secret/shop",
            "aws secretsmanager delete-secret --secret-id shop --force-delete-without-recovery",
            "aws kms schedule-key-deletion --key-id k1 --pending-window-in-days 7",
            "gcloud secrets delete db-password --quiet",
            "gcloud kms keys versions destroy 1 --key shop --keyring ring --location global",
            "az keyvault secret purge --vault-name shopkv -n db",
            "kubectl delete secret db-creds -n shop",
            "gh secret delete DEPLOY_KEY",
            "gh api -X DELETE repos/acme/shop/actions/secrets/DEPLOY_KEY",
            'curl -X DELETE -H "X-Vault-Token: $T" https://vault.local:8200/v1/secret/metadata/a',
        ],
        [
            "vault kv get secret/shop",
            "vault kv metadata get secret/shop",
            "vault kv metadata delete -h",
            "aws secretsmanager describe-secret --secret-id shop",
            "aws kms describe-key --key-id k1",
            "gcloud secrets list",
            "gcloud kms keys versions list --key shop --keyring ring --location global",
            "az keyvault secret show --vault-name shopkv -n db",
            "kubectl get secret db-creds -n shop",
            "gh secret list",
            "gh api repos/acme/shop/actions/secrets",
            'curl -H "X-Vault-Token: $T" https://vault.local:8200/v1/secret/data/a',
        ],
    )


@pytest.mark.parametrize(
    "sentence", ["Deploying to production from a laptop", "Never ship to prod by hand"]
)
def test_a_production_deploy_is_blocked_in_every_hosting_cli(sentence):
    assert_covers(
        sentence,
        [
            "vercel --prod",
            "npx vercel deploy --prod --yes",
            "netlify deploy --prod --dir=dist",
            "firebase deploy --only hosting --project shop-prod",
            "flyctl deploy -a shop-prod",
            "git push heroku main",
            "wrangler deploy --env production",
            "gcloud app deploy --project shop-prod",
        ],
        [
            "vercel deploy",
            "vercel logs shop",
            "netlify deploy --dir=dist",
            "firebase hosting:channel:deploy preview",
            "fly status -a shop-prod",
            "git push origin main",
            "wrangler deploy --env production --dry-run",
            "gcloud app versions list --project shop-prod",
        ],
    )


@pytest.mark.parametrize("sentence", ["Deleting the hosted site", "Destroyed the Fly app"])
def test_deleting_a_hosted_app_is_blocked_in_every_hosting_cli(sentence):
    assert_covers(
        sentence,
        [
            "vercel rm shop --yes",
            "vercel project rm shop",
            "netlify sites:delete 1234",
            "firebase hosting:disable",
            "fly apps destroy shop -y",
            "heroku apps:destroy -a shop --confirm shop",
            "wrangler delete --name shop-worker",
            "gcloud run services delete shop --region us-central1",
            "aws amplify delete-app --app-id d123",
        ],
        [
            "vercel ls",
            "netlify sites:list",
            "fly apps list",
            "heroku apps",
            "wrangler whoami",
            "gcloud run services list",
            "aws amplify list-apps",
        ],
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "Running flyway clean against a shared database",
        "Reset the database schema with the ORM",
        "Dropped every table to start over on the staging database",
    ],
)
def test_wiping_a_database_is_blocked_in_every_migration_tool(sentence):
    assert_covers(
        sentence,
        [
            "flyway -url=jdbc:postgresql://db:5432/shop -cleanDisabled=false clean",
            "./gradlew flywayClean",
            "liquibase drop-all --url=jdbc:postgresql://db/shop",
            "alembic downgrade base",
            "npx prisma migrate reset --force",
            "npx prisma db push --accept-data-loss",
            "bundle exec rails db:reset",
            "python manage.py migrate shop zero",
            "php artisan migrate:fresh --seed",
            "npx sequelize-cli db:drop",
            "npx typeorm schema:drop -d src/ds.ts",
            'goose postgres "$DSN" reset',
            "mix ecto.reset",
            "bin/console doctrine:schema:drop --force",
        ],
        [
            "flyway info",
            "flyway migrate",
            "liquibase update",
            "alembic upgrade head",
            "npx prisma migrate deploy",
            "prisma db push",
            "bin/rails db:migrate",
            "bundle exec rails db:schema:load RAILS_ENV=test",
            "python manage.py migrate",
            "php artisan migrate:status",
            "npx sequelize db:migrate",
            "npx typeorm migration:run -d src/ds.ts",
            'goose postgres "$DSN" status',
            "mix ecto.migrate",
            "bin/console doctrine:schema:validate",
        ],
    )
