"""Every Docker volume deleted, reported as a sentence: every spelling that removes them all, and
not one named volume removed (what the report's alternatives recommend); one named volume
deleted is still that danger when the sentence says so."""

from tests.lessons.guard_probe import blocks, prose_trigger


def test_every_volume_but_not_one_named():
    trigger = prose_trigger("Removed all the Docker volumes on the build host to free space")
    for line in (
        "docker volume prune -af",
        "docker volume rm $(docker volume ls -q)",
        "docker system prune -a --volumes -f",
    ):
        assert blocks(trigger, line), line
    for line in ("docker volume rm ci_cache", "docker volume ls", "docker system df -v"):
        assert not blocks(trigger, line), line


def test_one_volume_deleted_is_still_read():
    trigger = prose_trigger("Deleted the Docker volume holding the local Postgres data")
    assert blocks(trigger, "docker volume rm shop_pgdata")
