"""Go's checksum database turned off, reported as a sentence, in any variable that does it; a
secret masked in a CI log is not printed; a database named as the machine something ran on
("on the database host") is not the database dropped."""

from tests.lessons.guard_probe import blocks, prose_trigger


def test_go_checksum_verification_off_in_any_variable():
    trigger = prose_trigger("Switched off the Go checksum database so go mod download would pass")
    for line in (
        "GOSUMDB=off go mod download",
        "go env -w GOSUMDB=off",
        "GONOSUMDB='*' go get example.org/lib@v1.2.0",
        "export GOPRIVATE=*",
        "GOFLAGS=-insecure go get example.org/lib",
    ):
        assert blocks(trigger, line), line
    for line in (
        "GONOSUMDB=git.corp.example/* go mod download",
        "GOPRIVATE=github.com/acme/* go get github.com/acme/lib",
        "go mod verify",
        "go env GOSUMDB",
    ):
        assert not blocks(trigger, line), line


def test_a_masked_secret_is_not_printed():
    trigger = prose_trigger("Echoed the deploy token into the CI log while debugging")
    assert blocks(trigger, 'echo "token is $DEPLOY_TOKEN"')
    assert not blocks(trigger, 'echo "::add-mask::$DEPLOY_TOKEN"')


def test_the_database_host_is_where_not_what():
    trigger = prose_trigger(
        "Destroyed the old LVM volume group with its snapshots on the database host"
    )
    assert not blocks(trigger, "psql -h 127.0.0.1 -c 'DROP DATABASE scratch_test'")
    assert blocks(
        prose_trigger("Dropped the production orders database by mistake"),
        "psql -h db.prod.internal -c 'DROP DATABASE orders'",
    )
