"""A sentence saying SSH host key checking was turned off: every way to tell ssh (and what runs
it: scp, sftp, rsync, git, Ansible, gcloud) to accept any host key, not the everyday ssh."""

import pytest

from tests.lessons.guard_probe import blocks, prose_trigger

SENTENCES = [
    "Turned off host key verification for ssh so the deploy would connect to the rebuilt server",
    "Skipped SSH host key checking on the bastion",
    "Connected without checking the server's host key against known_hosts",
]


@pytest.mark.parametrize("sentence", SENTENCES)
@pytest.mark.parametrize(
    "line",
    [
        "ssh -o StrictHostKeyChecking=no admin@build-7",
        "sftp -oStrictHostKeyChecking=off backup@nas",
        "scp -o StrictHostKeyChecking=no site.zip admin@build-7:/tmp/",
        "rsync -az -e 'ssh -o StrictHostKeyChecking=no' out/ admin@build-7:/srv/",
        "GIT_SSH_COMMAND='ssh -o StrictHostKeyChecking=no' git pull",
        "ssh -o UserKnownHostsFile=/dev/null ops@10.1.2.3",
        "printf 'Host *\\n  StrictHostKeyChecking no\\n' >> ~/.ssh/config",
        "ANSIBLE_HOST_KEY_CHECKING=false ansible all -m ping",
        "export ANSIBLE_HOST_KEY_CHECKING=False",
        "echo 'host_key_checking = False' >> ansible.cfg",
        "ansible-playbook site.yml --ssh-extra-args='-o StrictHostKeyChecking=no'",
        "gcloud compute ssh vm-3 --strict-host-key-checking=no",
    ],
)
def test_every_way_to_accept_any_host_key_is_blocked(sentence, line):
    assert blocks(prose_trigger(sentence), line)


@pytest.mark.parametrize("sentence", SENTENCES)
@pytest.mark.parametrize(
    "line",
    [
        "ssh admin@build-7",
        "ssh -o StrictHostKeyChecking=yes admin@build-7",
        "ssh -o StrictHostKeyChecking=accept-new admin@build-7",
        "ssh -o ConnectTimeout=3 admin@build-7",
        "ssh-keygen -R build-7",
        "ssh-keyscan -t ed25519 build-7",
        "cat ~/.ssh/known_hosts",
        "gcloud compute ssh vm-3",
        "ANSIBLE_HOST_KEY_CHECKING=True ansible-playbook site.yml",
        "ansible all -m ping --check",
    ],
)
def test_ssh_that_still_checks_the_host_key_stays_allowed(sentence, line):
    assert not blocks(prose_trigger(sentence), line)
