"""The catalogue of dangers reaches across vendors: a sentence naming a danger blocks every major
tool's command for it, and each tool's read-only look-alike stays allowed."""

import pytest

from tests.lessons.guard_probe import blocks, prose_trigger


def assert_covers(sentence: str, dangerous: list[str], harmless: list[str]) -> None:
    trigger = prose_trigger(sentence)
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


CLOUD_DANGERS = [
    (
        "Deleting a Kubernetes cluster",
        [
            "gcloud container clusters delete shop --region us-east1",
            "eksctl delete cluster --name shop",
            "aws eks delete-cluster --name shop",
            "az aks delete -g shop -n shop --yes",
            "doctl kubernetes cluster delete shop",
            "kops delete cluster --name shop.k8s.local --yes",
        ],
        [
            "gcloud container clusters list",
            "eksctl get cluster",
            "aws eks describe-cluster --name shop",
            "az aks show -g shop -n shop",
            "doctl kubernetes cluster list",
            "kind delete cluster --name sandbox",
            "minikube delete",
        ],
    ),
    (
        "Emptying a storage bucket with a recursive delete",
        [
            "aws s3 rm s3://shop-assets --recursive",
            "gsutil -m rm -r gs://shop-assets",
            "gcloud storage rm --recursive gs://shop-assets",
            "az storage blob delete-batch -s assets --account-name shop",
            "rclone purge remote:shop-assets",
            "mc rm --recursive --force local/shop-assets",
            "s3cmd del --recursive s3://shop-assets",
        ],
        [
            "aws s3 ls s3://shop-assets --recursive",
            "gsutil ls -r gs://shop-assets",
            "gcloud storage ls gs://shop-assets",
            "az storage blob list -c assets --account-name shop",
            "rclone ls remote:shop-assets",
            "mc ls --recursive local/shop-assets",
            "s3cmd ls s3://shop-assets",
        ],
    ),
    (
        "Tearing down the infrastructure with destroy",
        [
            "terraform destroy -auto-approve",
            "terraform apply -destroy",
            "tofu destroy",
            "terragrunt run-all destroy",
            "pulumi destroy --yes",
            "cdk destroy --all",
            "serverless remove --stage dev",
        ],
        [
            "terraform plan -destroy",
            "tofu plan",
            "terragrunt run-all plan",
            "pulumi preview",
            "cdk diff",
            "serverless info",
        ],
    ),
    (
        "Deleting images from the container registry",
        [
            "aws ecr batch-delete-image --repository-name shop --image-ids imageTag=v1",
            "gcloud artifacts docker images delete us-docker.pkg.dev/p/r/shop:v1",
            "gcloud container images delete gcr.io/p/shop:v1",
            "az acr repository delete -n shopacr --image shop:v1",
            "crane delete ghcr.io/acme/shop:v1",
            "skopeo delete docker://quay.io/acme/shop:v1",
            "gh api -X DELETE /orgs/acme/packages/container/shop/versions/123",
        ],
        [
            "aws ecr describe-images --repository-name shop",
            "gcloud artifacts docker images list us-docker.pkg.dev/p/r/shop",
            "gcloud container images list-tags gcr.io/p/shop",
            "az acr repository show-tags -n shopacr --repository shop",
            "crane ls ghcr.io/acme/shop",
            "skopeo inspect docker://quay.io/acme/shop:v1",
            "gh api /orgs/acme/packages/container/shop/versions",
        ],
    ),
    (
        "Deleting the DNS zone",
        [
            "aws route53 delete-hosted-zone --id Z123",
            "gcloud dns managed-zones delete shop-zone",
            "gcloud dns record-sets delete www.shop.com. --zone shop-zone --type A",
            "az network dns zone delete -g shop -n shop.com",
            "az network dns record-set a delete -g shop -z shop.com -n www",
            "doctl compute domain delete shop.com",
        ],
        [
            "aws route53 list-resource-record-sets --hosted-zone-id Z1",
            "gcloud dns record-sets list --zone shop-zone",
            "az network dns zone show -g shop -n shop.com",
            "doctl compute domain list",
        ],
    ),
    (
        "Disabling the CI workflow to get a merge through",
        [
            "gh workflow disable ci.yml",
            "gh api -X PUT repos/acme/shop/actions/workflows/ci.yml/disable",
            "git rm .github/workflows/ci.yml",
            "git rm .gitlab-ci.yml",
        ],
        [
            "gh workflow view ci.yml",
            "gh workflow enable ci.yml",
            "gh api -X PUT repos/acme/shop/actions/workflows/ci.yml/enable",
            "git add .github/workflows/ci.yml",
        ],
    ),
    (
        "Deleting a published release on GitHub",
        [
            "gh release delete v1.2.0 --yes",
            "gh api -X DELETE repos/acme/shop/releases/1287",
            "glab release delete v1.2.0",
            'curl -X DELETE -H "PRIVATE-TOKEN: $T" https://gitlab.local/api/v4/projects/1/releases/v1',
        ],
        [
            "gh release view v1.2.0",
            "gh api repos/acme/shop/releases",
            "glab release view v1.2.0",
            'curl -H "PRIVATE-TOKEN: $T" https://gitlab.local/api/v4/projects/1/releases',
        ],
    ),
]


@pytest.mark.parametrize(("sentence", "dangerous", "harmless"), CLOUD_DANGERS)
def test_a_cloud_danger_is_blocked_in_every_vendors_cli(sentence, dangerous, harmless):
    assert_covers(sentence, dangerous, harmless)
