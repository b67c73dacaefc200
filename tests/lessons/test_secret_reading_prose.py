"""A report that a secret's value was printed blocks each secret store's command that prints a
value (their CLI references: `gcloud secrets versions access`, `az keyvault secret show`, `aws
ssm get-parameter --with-decryption`, `op read`, `sops -d`, …), and leaves the commands that list
names or show metadata allowed."""

import pytest

from tests.lessons.guard_probe import blocks, prose_trigger

REPORTS = [
    "Dumped the database password from the secret manager into the terminal",
    "Revealed the signing key's passphrase in the chat transcript",
    "Decrypted the service credentials and pasted them into the build output",
]
DANGEROUS = [
    "gcloud secrets versions access latest --secret=payments-key",
    "az keyvault secret show --vault-name kv-shop --name db-password --query value -o tsv",
    "aws ssm get-parameter --name /shop/db/password --with-decryption",
    "aws ssm get-parameters-by-path --path /shop --recursive --with-decryption",
    "aws secretsmanager get-secret-value --secret-id shop/db",
    "kubectl get secret db-creds -o jsonpath='{.data.password}' | base64 -d",
    "kubectl get secret db-creds -o yaml",
    "kubectl view-secret db-creds --all",
    "op read op://Shop/db/password",
    "doppler secrets get DB_PASSWORD --plain",
    "sops -d secrets/prod.enc.yaml",
    "sops --decrypt --output-type json secrets.enc.json",
]
HARMLESS = [
    "gcloud secrets list",
    "gcloud secrets versions list payments-key",
    "az keyvault secret list --vault-name kv-shop",
    "aws ssm get-parameter --name /shop/feature-flags",  # not decrypted: a plain parameter
    "aws secretsmanager describe-secret --secret-id shop/db",
    "kubectl get secrets",
    "kubectl get secret db-creds -o jsonpath='{.metadata.annotations}'",
    "kubectl describe secret db-creds",
    "op item list --vault Shop",
    "sops -e -i secrets/prod.yaml",  # encrypts
    "ssh deploy@app1.internal",
]


@pytest.mark.parametrize("sentence", REPORTS)
@pytest.mark.parametrize("line", DANGEROUS)
def test_printing_a_secret_is_blocked_in_every_store(sentence, line):
    assert blocks(prose_trigger(sentence), line)


@pytest.mark.parametrize("sentence", REPORTS)
@pytest.mark.parametrize("line", HARMLESS)
def test_listing_and_metadata_stay_allowed(sentence, line):
    assert not blocks(prose_trigger(sentence), line)


def test_a_login_is_no_log_and_prints_nothing():
    trigger = prose_trigger("Enabled password login for the deploy account to save time")
    assert not blocks(trigger, "aws secretsmanager get-secret-value --secret-id shop/db")
    assert not blocks(trigger, "cat .env")
