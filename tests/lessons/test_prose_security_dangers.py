"""Security mistakes reported as a sentence reach every command that makes them, from the tools'
documentation: a private key made readable by others (chmod(1) modes and ssh's own check) and
a firewall opened to the internet on a database port (each cloud's ingress syntax). Each
danger's harmless look-alikes (narrow modes, public files, private addresses) stay allowed."""

import pytest

from tests.lessons.guard_probe import blocks, prose_trigger


def check(reports, dangerous, harmless):
    """What every report's trigger misses of `dangerous` and wrongly blocks of `harmless`."""
    found = {}
    for report in reports:
        trigger = prose_trigger(report)
        missed = [line for line in dangerous if not blocks(trigger, line)]
        blocked = [line for line in harmless if blocks(trigger, line)]
        if missed or blocked:
            found[report] = (missed, blocked)
    return found


KEY_REPORTS = [
    "Made the deploy key readable by everyone on the build host",
    "Loosened the permissions on the TLS private key so nginx workers could read it",
    "Set the SSH private key to mode 644 to get past a permission error",
]
KEY_DANGEROUS = [
    "chmod 644 ~/.ssh/id_rsa",
    "chmod 0640 ~/.ssh/id_ecdsa",
    "chmod go+r ~/.ssh/id_ed25519",
    "chmod a+rw deploy/id_rsa",
    "sudo chmod o+r /etc/ssl/private/api.example.org.key",
    "chmod 755 certs/server-key.pem",
    "chmod -R 755 ~/.ssh",
    "chmod -R a+r /etc/ssl/private",
    "chmod 644 ~/.pgpass",
    "chmod 666 ~/.netrc",
    "install -m 644 server.key /etc/nginx/tls/server.key",
]
KEY_HARMLESS = [
    "chmod 600 ~/.ssh/id_rsa",
    "chmod 400 deploy/id_rsa",
    "chmod u+rw ~/.ssh/id_ed25519",
    "chmod 644 ~/.ssh/id_rsa.pub",
    "chmod 644 ~/.ssh/authorized_keys",
    "chmod 700 ~/.ssh",
    "chmod -R go-rwx ~/.ssh",
    "chmod 644 /etc/ssl/certs/ca-bundle.crt",
    "chmod 755 ~/bin/deploy.sh",
    "ls -l ~/.ssh",
]


def test_a_private_key_made_readable_by_others_is_blocked_and_narrow_modes_are_not():
    assert check(KEY_REPORTS, KEY_DANGEROUS, KEY_HARMLESS) == {}


PORT_REPORTS = [
    "Opened the database port to the whole internet (0.0.0.0/0) to debug a connection",
    "Allowed Postgres and MySQL from anywhere in the security group",
]
PORT_DANGEROUS = [
    "aws ec2 authorize-security-group-ingress --group-id sg-1 --protocol tcp --port 5432 "
    "--cidr 0.0.0.0/0",
    "aws ec2 authorize-security-group-ingress --group-id sg-1 --ip-permissions "
    "'IpProtocol=tcp,FromPort=3306,ToPort=3306,IpRanges=[{CidrIp=0.0.0.0/0}]'",
    "aws ec2 authorize-security-group-ingress --group-id sg-1 --ip-permissions "
    "'IpProtocol=-1,IpRanges=[{CidrIp=0.0.0.0/0}]'",
    "aws ec2 authorize-security-group-ingress --group-id sg-1 --protocol all --cidr 0.0.0.0/0",
    "gcloud compute firewall-rules create db --allow tcp:5432 --source-ranges 0.0.0.0/0",
    "az network nsg rule create -g rg --nsg-name n -n db --priority 100 "
    "--source-address-prefixes Internet --destination-port-ranges 3306 --access Allow",
]
PORT_HARMLESS = [
    "aws ec2 authorize-security-group-ingress --group-id sg-1 --protocol tcp --port 5432 "
    "--cidr 10.0.0.0/16",
    "aws ec2 revoke-security-group-ingress --group-id sg-1 --protocol tcp --port 5432 "
    "--cidr 0.0.0.0/0",
    "aws ec2 describe-security-groups --group-ids sg-1",
    "gcloud compute firewall-rules list",
    "aws ec2 authorize-security-group-ingress --group-id sg-1 --protocol tcp --port 443 "
    "--cidr 0.0.0.0/0",
]


def test_a_database_port_opened_to_the_internet_is_blocked_in_each_clouds_syntax():
    assert check(PORT_REPORTS, PORT_DANGEROUS, PORT_HARMLESS) == {}


@pytest.mark.parametrize("line", KEY_HARMLESS + PORT_HARMLESS)
def test_a_report_of_an_unrelated_danger_blocks_none_of_the_look_alikes(line):
    assert not blocks(prose_trigger("Force-pushed over the shared main branch"), line)
