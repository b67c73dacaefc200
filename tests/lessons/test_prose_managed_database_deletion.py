"""A managed database deleted, reported as a sentence, is blocked in every provider's CLI (AWS's
RDS, DocumentDB, Neptune, Redshift and Lightsail; Google's Cloud SQL, Spanner, AlloyDB, Bigtable
and Firestore; Azure SQL, Managed Instance, PostgreSQL/MySQL flexible servers, Cosmos DB; the
database platforms' own CLIs); describing, snapshotting and protecting one stay allowed."""

from tests.lessons.guard_probe import blocks, prose_trigger
from tests.lessons.test_prose_security_dangers import check

REPORTS = [
    "Deleted the managed database instance and its automated backups",
    "Removed the database cluster that still held the order history",
]
DANGEROUS = [
    "aws rds delete-db-cluster --db-cluster-identifier orders --skip-final-snapshot",
    "aws docdb delete-db-cluster --db-cluster-identifier orders --skip-final-snapshot",
    "aws redshift delete-cluster --cluster-identifier dw --skip-final-cluster-snapshot",
    "aws lightsail delete-relational-database --relational-database-name db",
    "gcloud spanner instances delete orders --quiet",
    "gcloud alloydb clusters delete orders --region=us-east1 --force",
    "gcloud bigtable instances delete events",
    "az sql mi delete -g rg -n mi1 --yes",
    "az mysql flexible-server delete -g rg -n my --yes",
    "atlas clusters delete orders --force",
    "pscale database delete orders --force",
    "heroku addons:destroy heroku-postgresql -a shop --confirm shop",
]
HARMLESS = [
    "aws rds describe-db-clusters --db-cluster-identifier orders",
    "aws rds create-db-cluster-snapshot --db-cluster-identifier orders "
    "--db-cluster-snapshot-identifier pre",
    "aws rds modify-db-cluster --db-cluster-identifier orders --deletion-protection",
    "gcloud spanner instances list",
    "gcloud alloydb clusters describe orders --region=us-east1",
    "az sql mi show -g rg -n mi1",
    "atlas clusters list",
    "heroku addons:info heroku-postgresql -a shop",
    "heroku addons:destroy papertrail -a shop",
]


def test_a_managed_database_deleted_is_blocked_in_every_providers_cli():
    assert check(REPORTS, DANGEROUS, HARMLESS) == {}


def test_a_database_instance_or_its_secret_deleted_is_no_write_to_its_rows():
    """Deleting the production database instance, or a secret about the database, says
    nothing about changing rows by hand: an UPDATE with a WHERE stays allowed; a report of a
    direct write still blocks it."""
    update = "psql -h db.internal -d app_prod -c \"UPDATE accounts SET plan = 'pro' WHERE id = 7\""
    for report in (
        "Deleted the production database instance and its automated backups",
        "Destroyed every version of the production database secret in Vault",
    ):
        assert not blocks(prose_trigger(report), update)
    assert blocks(prose_trigger("Ran an UPDATE directly against the production database"), update)
