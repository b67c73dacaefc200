"""A report that a crontab was removed blocks every way crontab(1) and cron's files lose the
table: `crontab -r`, a table replaced by /dev/null or nothing, the spool file or a
cron.d file removed; listing, editing and adding a job to the table stay allowed."""

import pytest

from tests.lessons.guard_probe import blocks, prose_trigger

REPORTS = [
    "Wiped the crontab on the backup host while trying to list it",
    "Deleted the cron jobs of the deploy user by accident",
]
DANGEROUS = [
    "crontab -r",
    "sudo crontab -r -u postgres",
    "crontab /dev/null",
    "echo '' | crontab -",
    "true | crontab -",
    "sudo rm /var/spool/cron/crontabs/deploy",
    "sudo rm -f /etc/cron.d/nightly-backup",
]
HARMLESS = [
    "crontab -l",
    "crontab -e",
    "sudo crontab -l -u postgres",
    "(crontab -l; echo '0 4 * * * /opt/report.sh') | crontab -",
    "ls -la /etc/cron.d",
    "cat /var/spool/cron/crontabs/deploy",
]


@pytest.mark.parametrize("sentence", REPORTS)
@pytest.mark.parametrize("line", DANGEROUS)
def test_losing_the_crontab_is_blocked_however_it_is_done(sentence, line):
    assert blocks(prose_trigger(sentence), line)


@pytest.mark.parametrize("sentence", REPORTS)
@pytest.mark.parametrize("line", HARMLESS)
def test_listing_editing_or_adding_a_job_stays_allowed(sentence, line):
    assert not blocks(prose_trigger(sentence), line)
