"""Logs deleted, reported as a sentence: a sentence naming a cloud's log store (a log group,
Cloud Logging, CloudTrail) is about that store, not the journal or /var/log of the host the
command runs on; a sentence about logs alone reaches both."""

from tests.lessons.guard_probe import blocks, prose_trigger

CLOUD = "Deleted the log group with the cloud CLI to cut costs and lost the audit trail"
LOGS = "Deleted the old logs to free disk space and lost the audit trail"


def test_a_cloud_log_store_deleted_is_no_hosts_journal():
    trigger = prose_trigger(CLOUD)
    assert blocks(trigger, "aws logs delete-log-group --log-group-name /ecs/api")
    assert blocks(trigger, "gcloud logging buckets delete audit --location=global")
    assert not blocks(trigger, "sudo journalctl --vacuum-size=500M")
    assert not blocks(trigger, "sudo rm -rf /var/log/nginx")


def test_logs_alone_reach_the_host_and_the_cloud():
    trigger = prose_trigger(LOGS)
    assert blocks(trigger, "sudo journalctl --vacuum-time=1s")
    assert blocks(trigger, "sudo rm -rf /var/log/nginx")
    assert blocks(trigger, "aws logs delete-log-group --log-group-name /ecs/api")
    assert not blocks(trigger, "journalctl --disk-usage")
