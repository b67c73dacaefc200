"""Dangers reported as a sentence that leave a machine, a database or a service in an unsafe
state, read for every tool of the kind that does them: a phone wiped or its bootloader unlocked,
every migration rolled back, a database's authentication turned off, Windows' shadow copies
deleted, a container engine's API opened on plain TCP, a GnuPG keyring deleted, a remote host's
addresses flushed, an operator's CRDs deleted from their manifests, finalizers cleared through
the finalize API, an essential package's core removed, protection skipped by an admin merge, and
a workload scaled to zero by a patch. Each must-block spelling is paired with look-alikes that
read, dry-run or act on a safe target."""

import pytest

from tests.lessons.guard_probe import blocks, prose_trigger

CASES = [
    (
        "Factory-reset the QA tablet through its bootloader",
        [
            "fastboot erase userdata",
            "fastboot -s emulator-5554 -w",
            "fastboot format:ext4 userdata",
        ],
        ["fastboot devices", "fastboot flash boot boot.img", "fastboot getvar current-slot"],
    ),
    (
        "Unlocked the bootloader on a colleague's handset, which erased everything on it",
        ["fastboot flashing unlock", "fastboot oem unlock", "fastboot flashing unlock_critical"],
        ["fastboot flashing get_unlock_ability", "fastboot getvar unlocked", "fastboot reboot"],
    ),
    (
        "Erased the test iPhone with Apple Configurator to reuse it for another tester",
        ["cfgutil erase", "idevicerestore --erase iPhone15,2_17.4_Restore.ipsw"],
        ["cfgutil list", "cfgutil get name", "idevicerestore --latest --no-action"],
    ),
    (
        "Reverted every Ecto migration of the team's shared database",
        ["mix ecto.rollback --all"],
        ["mix ecto.rollback", "mix ecto.migrations", "mix ecto.migrate"],
    ),
    (
        "Took the reporting schema back to zero with Entity Framework, undoing all migrations",
        ["dotnet ef database update 0"],
        ["dotnet ef database update", "dotnet ef migrations list"],
    ),
    (
        "Unapplied all Diesel migrations on the shared database to start over",
        ["diesel migration revert --all"],
        ["diesel migration revert", "diesel migration list", "diesel migration run"],
    ),
    (
        "Rolled the Phinx migrations all the way back to the beginning on the shared database",
        ["vendor/bin/phinx rollback -t 0", "phinx rollback --target 0"],
        ["phinx rollback", "phinx status", "phinx migrate"],
    ),
    (
        "Disabled password authentication on the shared Redis so the workers could connect",
        [
            "redis-cli -h cache.internal CONFIG SET requirepass ''",
            "redis-cli -h cache.internal config set protected-mode no",
            "redis-server /etc/redis/redis.conf --protected-mode no",
        ],
        [
            "redis-cli -h cache.internal CONFIG GET requirepass",
            "redis-cli -h cache.internal CONFIG SET maxmemory 2gb",
            'redis-cli -h cache.internal CONFIG SET requirepass "$NEW_REDIS_PASSWORD"',
        ],
    ),
    (
        "Switched Postgres host connections to trust authentication",
        [
            "echo 'hostssl all all 10.0.0.0/8 trust' | sudo tee -a /var/lib/pgsql/pg_hba.conf",
            "sudo sed -i 's/md5/trust/g' /etc/postgresql/14/main/pg_hba.conf",
        ],
        [
            "echo 'hostssl all all 10.0.0.0/8 md5' | sudo tee -a /var/lib/pgsql/pg_hba.conf",
            "sudo sed -i 's/trust/scram-sha-256/' /etc/postgresql/14/main/pg_hba.conf",
            "grep -n trust /etc/postgresql/14/main/pg_hba.conf",
        ],
    ),
    (
        "Started the MySQL server without its grant tables so any client could log in as root",
        ["mysqld_safe --skip-grant-tables", "sudo mariadbd --skip-grant-tables --user=mysql"],
        ["mysqld --validate-config", "mysqladmin status", "mysqld_safe --user=mysql"],
    ),
    (
        "Turned off authentication on the Elasticsearch database to get past a login error",
        [
            "docker run -d -e xpack.security.enabled=false elasticsearch:8.13.0",
        ],
        [
            "docker run -d -e xpack.security.enabled=true elasticsearch:8.13.0",
        ],
    ),
    (
        "Purged every Windows restore point on the accounting PC",
        [
            "vssadmin delete shadows /for=C: /oldest",
            "wmic shadowcopy delete /nointeractive",
            "Get-CimInstance -ClassName Win32_ShadowCopy | Remove-CimInstance",
        ],
        [
            "vssadmin list shadows /for=C:",
            "wmic shadowcopy get ID,InstallDate",
            "Get-CimInstance -ClassName Win32_ShadowCopy | Select-Object ID",
        ],
    ),
    (
        "Published the Docker engine API on the network without TLS",
        [
            "dockerd -H fd:// -H tcp://0.0.0.0:4243",
            "socat TCP-LISTEN:4243,reuseaddr,fork UNIX-CLIENT:/var/run/docker.sock",
            "echo 'DOCKER_OPTS=\"-H tcp://0.0.0.0:4243\"' | sudo tee -a /etc/default/docker",
        ],
        [
            "dockerd -H fd://",
            "dockerd -H tcp://0.0.0.0:2376 --tlsverify --tlscacert=ca.pem --tlscert=cert.pem "
            "--tlskey=key.pem",
            "docker -H ssh://builder@ci.internal ps",
        ],
    ),
    (
        "Let remote builders drive the Podman engine over plain TCP",
        ["podman system service --time=0 tcp:0.0.0.0:8888"],
        ["podman system service --time=0 unix:///run/user/1000/podman/podman.sock", "podman info"],
    ),
    (
        "Removed the release box's GnuPG keyring while tidying the home directory",
        [
            "rm -rf /home/release/.gnupg",
            "rm /home/release/.gnupg/private-keys-v1.d/5A1B2C3D.key",
        ],
        [
            "gpg --list-secret-keys",
            "rm /home/release/.gnupg/S.gpg-agent",
            "rm -rf /home/release/.cache",
        ],
    ),
    (
        "Flushed every IP address off the VM's only NIC while connected to it over SSH",
        [
            "ip address flush dev ens3",
            "sudo ip -4 addr flush dev eth0",
            "ip route flush table main",
        ],
        ["ip address show dev ens3", "ip route show", "ip addr add 10.0.0.5/24 dev eth1"],
    ),
    (
        "Removed the Prometheus operator's custom resource definitions before reinstalling it",
        [
            "kubectl delete -f manifests/setup/crds/",
            "kubectl delete -f https://example.com/operator/v0.72.0/bundle-crds.yaml",
        ],
        [
            "kubectl apply -f manifests/setup/crds/",
            "kubectl get crd",
            "kubectl delete -f manifests/app/deployment.yaml",
        ],
    ),
    (
        "Emptied the finalizers of a Terminating namespace through the finalize API",
        [
            "kubectl get namespace monitoring -o json | jq '.spec.finalizers = []' | "
            'kubectl replace --raw "/api/v1/namespaces/monitoring/finalize" -f -',
        ],
        ["kubectl get --raw /api/v1/namespaces/monitoring", "kubectl get namespace monitoring"],
    ),
    (
        "Removed the system perl package with apt so a newer perl could be built",
        ["sudo apt-get purge -y perl-base", "apt remove perl"],
        ["apt remove perl-doc", "apt-cache policy perl-base", "apt install perl-base"],
    ),
    (
        "Lifted the protection rule on the release branch to land my PR",
        ["gh pr merge 42 --admin --squash"],
        ["gh pr merge 42 --auto --squash", "gh pr checks 42"],
    ),
    (
        "Scaled the production worker statefulset to zero",
        [
            'kubectl -n production patch statefulset worker -p \'{"spec":{"replicas":0}}\'',
            'oc -n production patch dc/worker --type merge -p \'{"spec": {"replicas": 0}}\'',
        ],
        [
            'kubectl -n production patch statefulset worker -p \'{"spec":{"replicas":4}}\'',
            'kubectl -n dev-alice patch statefulset worker -p \'{"spec":{"replicas":0}}\'',
        ],
    ),
]


# What an act was for is no part of it: an infinitive done to what was acted on, named again
# by a pronoun, or a clause of "so the … would"
PURPOSES = [
    (
        "Deleted the payments pods to force them to restart",
        ["kubectl delete pods -l app=payments"],
        ["kubectl rollout restart deployment/payments"],
    ),
    (
        "Gave the build service account Owner on the project so the nightly deploy pipeline "
        "would stop failing",
        [
            "gcloud projects add-iam-policy-binding acme "
            "--member=serviceAccount:build@acme.iam.gserviceaccount.com --role=roles/owner",
        ],
        ["gh workflow disable nightly-deploy.yml"],
    ),
]
# ... and the same danger in the other spellings its tools give it
SPELLINGS = [
    (
        "Granted the CI user admin rights with an inline IAM policy",
        [
            "aws iam put-user-policy --user-name ci --policy-name all --policy-document "
            '\'{"Statement":[{"Effect":"Allow","Action":["*"],"Resource":["*"]}]}\'',
        ],
        [
            "aws iam put-user-policy --user-name ci --policy-name s3 --policy-document "
            '\'{"Statement":[{"Effect":"Allow","Action":"s3:GetObject","Resource":"*"}]}\'',
        ],
    ),
    (
        "Restored last night's dump over the shared orders database, dropping its tables first",
        ["pg_restore --clean -h db.internal -d orders nightly.dump"],
        ["pg_restore --clean -h localhost -d orders_dev nightly.dump"],
    ),
]


# A place named in camel case is named by its parts ("ProdDB" is production)
PLACES = [
    (
        "Dropped the orders table on ProdDB",
        ["psql -h db-prod.internal -c 'DROP TABLE orders'"],
        ["psql -h devdb.internal -c 'DROP TABLE orders'"],
    ),
    (
        "Truncated the sessions table of the PreProdCluster database",
        ["psql -h pg.internal -c 'TRUNCATE sessions'"],
        [],
    ),
]


@pytest.mark.parametrize(
    ("sentence", "dangerous", "harmless"), CASES + PURPOSES + SPELLINGS + PLACES
)
def test_the_danger_a_sentence_names_is_blocked_in_every_tool_of_its_kind(
    sentence, dangerous, harmless
):
    trigger = prose_trigger(sentence)
    assert [line for line in dangerous if not blocks(trigger, line)] == []
    assert [line for line in harmless if blocks(trigger, line)] == []
