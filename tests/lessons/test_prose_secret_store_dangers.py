"""A secret store's values printed, or its secrets destroyed, reported as a sentence: the
hosting platforms' config-var commands that print values (Heroku, Railway) and `oc extract` of a
secret; every lease under a path revoked at once (vault-lease-revoke(1) `-prefix`) and a whole
secrets engine disabled. Setting a variable, one lease revoked and listing stay allowed."""

from tests.lessons.test_prose_security_dangers import check

PRINT_REPORTS = [
    "Printed the decoded database password from the secret store into the chat transcript",
    "Dumped the app's credentials into the build log to debug the connection",
]
PRINT_DANGEROUS = [
    "heroku config -a shop",
    "heroku config:get DATABASE_URL -a shop",
    "railway variables",
    "oc extract secret/db-creds --to=-",
]
PRINT_HARMLESS = [
    "heroku config:set FEATURE_X=on -a shop",
    "railway variables --set FEATURE_X=on",
    "heroku apps:info -a shop",
    "oc extract configmap/app-config --to=-",
]


def test_a_platform_printing_config_values_is_blocked_and_setting_one_is_not():
    assert check(PRINT_REPORTS, PRINT_DANGEROUS, PRINT_HARMLESS) == {}


DESTROY_REPORTS = [
    "Destroyed every version of the database secret in Vault while cleaning up old keys",
    "Purged the service's secrets from the secret store",
]
DESTROY_DANGEROUS = [
    "vault lease revoke -prefix aws/creds/",
    "vault lease revoke --prefix database/creds/",
    "vault secrets disable kv/",
    "vault kv destroy -versions=1,2 kv/app/db",
]
DESTROY_HARMLESS = [
    "vault lease revoke aws/creds/ro/abc123",
    "vault lease lookup aws/creds/ro/abc123",
    "vault secrets list",
    "vault kv get kv/app/db",
]


def test_a_whole_prefix_or_engine_of_secrets_destroyed_is_blocked():
    assert check(DESTROY_REPORTS, DESTROY_DANGEROUS, DESTROY_HARMLESS) == {}
