"""A report of one command reaches the other tools and subcommands that perform the same
dangerous operation (each family written from the tools' documentation), while their listing,
dry-run, local-only and safe-flag look-alikes stay allowed."""

import pytest

from tests.lessons.guard_probe import wrongly_read

# (example, title, why, must block, must stay allowed)
CASES = [
    (
        "sudo mkfs.ext4 /dev/sdc",
        "Formatted the wrong disk",
        "mkfs writes a new empty filesystem over whatever the device held.",
        [
            "sudo wipefs -a /dev/sdc",
            "sudo wipefs --all --force /dev/sdc1",
            "sudo sgdisk -Z /dev/sdc",
            "sudo sgdisk --clear /dev/sdc",
            "sudo dd if=/dev/zero of=/dev/sdc bs=4M",
            "sudo blkdiscard -f /dev/sdc",
            "sudo shred -vz /dev/sdc",
            "sudo parted -s /dev/sdc mklabel gpt",
            "sudo mkswap /dev/sdc2",
            "sudo cryptsetup luksFormat /dev/sdc",
            "sudo badblocks -wsv /dev/sdc",
            "sudo mkfs.xfs -f /dev/vdb",
            "sudo dcfldd if=/dev/zero of=/dev/sdc",
            "sudo ddrescue -f debian.iso /dev/sdc",
            "sudo mdadm --zero-superblock /dev/sdc1",
        ],
        [
            "sudo wipefs /dev/sdc",
            "sudo wipefs -n -a /dev/sdc",
            "sudo mkfs.ext4 -n /dev/sdc",
            "sudo sgdisk -p /dev/sdc",
            "sudo parted /dev/sdc print",
            "sudo blkid /dev/sdc",
            "sudo badblocks -sv /dev/sdc",
            "sudo cryptsetup luksOpen /dev/sdc data",
            "dd if=/dev/sdc of=/srv/backup/sdc.img bs=4M",
            "shred -u notes.txt",
            "lsblk -f",
            "sudo ddrescue /dev/sdc /srv/rescue/sdc.img /srv/rescue/sdc.map",
            "sudo mdadm --examine /dev/sdc1",
        ],
    ),
    (
        "sudo dd if=debian.iso of=/dev/sdX bs=4M status=progress",
        "Wrote the installer image over the system disk",
        "dd overwrote the block device it was pointed at, partition table and all.",
        [
            "sudo wipefs -a /dev/sda",
            "sudo mkfs.vfat -I /dev/sdb",
            "sudo sgdisk --zap-all /dev/nvme0n1",
            "cat debian.iso | sudo tee /dev/sdb > /dev/null",
        ],
        ["sudo fdisk -l", "dd if=/dev/zero of=./disk.img bs=1M count=64", "sudo lsblk"],
    ),
    (
        "aws s3 rm s3://ledger-archive --recursive",
        "Emptied the ledger archive bucket",
        "Every object under the bucket was deleted at once; there was no versioning.",
        [
            "aws s3 rb s3://ledger-archive --force",
            "gsutil -m rm -r gs://ledger-archive",
            "gcloud storage rm -r gs://ledger-archive/**",
            "az storage blob delete-batch --source ledger-archive --account-name acct",
            "az storage container delete --name ledger-archive --account-name acct",
            "rclone purge gcs:ledger-archive",
            "rclone delete s3:ledger-archive",
            "mc rm --recursive --force minio/ledger-archive",
            "s3cmd del --recursive s3://ledger-archive",
            "azcopy remove 'https://acct.blob.core.windows.net/ledger-archive' --recursive",
            "aws s3 sync ./empty s3://ledger-archive --delete",
            "aws s3 sync $(mktemp -d) s3://ledger-archive --delete",
        ],
        [
            "aws s3 ls s3://ledger-archive --recursive",
            "aws s3 rm s3://ledger-archive --recursive --dryrun",
            "aws s3 sync ./site s3://ledger-archive --delete",
            "gsutil ls -r gs://ledger-archive",
            "rclone delete s3:ledger-archive --dry-run",
            "rclone lsf s3:ledger-archive",
            "az storage blob list --container-name ledger-archive --account-name acct",
            "mc ls --recursive minio/ledger-archive",
            "gsutil rm gs://ledger-archive/one.csv",
            "azcopy list 'https://acct.blob.core.windows.net/ledger-archive'",
        ],
    ),
    (
        "docker compose down -v",
        "Lost the local database volume with compose down -v",
        "-v removes the project's named volumes, with the database's data in them.",
        [
            "docker-compose -f compose.prod.yml down --volumes",
            "podman-compose down -v",
            "docker volume rm ledger_pgdata",
            "docker volume rm -f ledger_pgdata ledger_cache",
            "podman volume rm ledger_pgdata",
            "docker volume rm $(docker volume ls -q)",
        ],
        [
            "docker compose down",
            "docker compose stop",
            "docker volume ls",
            "docker volume inspect ledger_pgdata",
            "docker volume create ledger_pgdata",
            "docker rm ledger-db-1",
        ],
    ),
    (
        "docker volume prune -f",
        "Pruned every Docker volume on the build host",
        "Every volume no container uses is deleted, with the databases stored in them.",
        ["docker volume rm $(docker volume ls -q)", "podman volume rm --all"],
        [
            "docker volume rm $(docker volume ls -q --filter name=ci-tmp)",
            "docker volume ls -q",
            "docker image prune -f",
        ],
    ),
    (
        "helm uninstall <release> -n production",
        "Uninstalled a production Helm release",
        "Every Kubernetes object of the release in production is deleted.",
        [
            "helmfile -e production destroy",
            "helmfile --environment production -l name=billing delete",
            "helmfile -f helmfile.d/production.yaml destroy",
        ],
        [
            "helmfile -e production diff",
            "helmfile -e production template",
            "helmfile -e production list",
            "helmfile -e staging destroy",
        ],
    ),
    (
        "ansible <group> -i <inventory> -b -m reboot",
        "Rebooted a whole tier at once with an ad-hoc command",
        "Every host of the group goes down together instead of one at a time.",
        [
            "ansible api -i hosts.ini -b -m ansible.builtin.reboot",
            "ansible api -i hosts.ini --become -m ansible.legacy.reboot -a 'reboot_timeout=600'",
            "ansible api -i hosts.ini -b -m shell -a 'shutdown -r +1'",
            "ansible api -i hosts.ini -b -m command -a 'systemctl reboot'",
            "ansible api -i hosts.ini -b -m raw -a '/sbin/reboot'",
            "pssh -h api-hosts.txt -i 'sudo reboot'",
            "parallel-ssh -h api-hosts.txt 'sudo shutdown -r now'",
            "pdsh -w api[1-8] sudo reboot",
        ],
        [
            "ansible api -i hosts.ini -m ping",
            "ansible api -i hosts.ini -b -m shell -a 'echo reboot scheduled'",
            "ansible api -i hosts.ini -b -m shell -a 'shutdown -c'",
            "ansible api -i hosts.ini -m command -a 'cat /var/run/reboot-required'",
            "pssh -h api-hosts.txt -i 'cat /var/run/reboot-required'",
            "pdsh -w api[1-8] uptime",
            "ansible api -i hosts.ini -b -m reboot --check",
        ],
    ),
    (
        "ssh -o StrictHostKeyChecking=no <user>@<host>",
        "Turned off host key checking to get past the prompt",
        "Without host key verification a man in the middle receives the session.",
        [
            "ssh -o StrictHostKeyChecking=no build-3.internal",
            "scp -o StrictHostKeyChecking=no dump.sql ops@db-2.internal:/tmp/",
            "sftp -o StrictHostKeyChecking=no ops@files.internal",
            "rsync -a -e 'ssh -o StrictHostKeyChecking=no' ./out/ ops@web-4.internal:/srv/",
            "GIT_SSH_COMMAND='ssh -o StrictHostKeyChecking=no' git fetch git@git.internal:a/b.git",
            "printf 'Host *\\n  StrictHostKeyChecking no\\n' >> ~/.ssh/config",
            "echo 'StrictHostKeyChecking=no' | sudo tee -a /etc/ssh/ssh_config",
        ],
        [
            "ssh -o StrictHostKeyChecking=yes ops@build-3.internal",
            "scp -o ConnectTimeout=5 dump.sql ops@db-2.internal:/tmp/",
            "rsync -a -e 'ssh -i ~/.ssh/deploy' ./out/ ops@web-4.internal:/srv/",
            "printf 'Host build-*\\n  User ops\\n' >> ~/.ssh/config",
            "ssh-keyscan -H build-3.internal >> ~/.ssh/known_hosts",
        ],
    ),
    (
        "sudo kill -9 <pid>",
        "SIGKILLed the database server to free its port",
        "KILL skips the shutdown checkpoint; recovery replays the whole WAL.",
        ["sudo fuser -k 5432/tcp", "sudo fuser -k -9 5432/tcp", "sudo fuser -km /srv/pgdata"],
        ["sudo fuser -v 5432/tcp", "sudo fuser -k -TERM 5432/tcp", "sudo lsof -i :5432"],
    ),
    (
        "redis-cli -h <host> FLUSHALL",
        "Flushed the shared Redis",
        "Every key of every service sharing the server is deleted.",
        [
            "redis-cli -h cache-2.internal --scan | xargs redis-cli -h cache-2.internal DEL",
            "redis-cli --scan --pattern '*' | xargs -n 500 redis-cli UNLINK",
            "redis-cli KEYS '*' | xargs redis-cli del",
        ],
        [
            "redis-cli --scan --pattern 'rate:*' | xargs redis-cli DEL",
            "redis-cli --scan --pattern '*' | wc -l",
            "redis-cli DEL session:42",
        ],
    ),
    (
        "mongosh <uri> --eval 'db.dropDatabase()'",
        "Dropped the MongoDB database",
        "dropDatabase deletes every collection with its documents and indexes.",
        [
            "mongosh mongodb://m-1.internal/ledger --eval "
            "'db.getCollectionNames().forEach(c => db[c].drop())'",
            "mongo ledger --eval 'db.getCollectionNames().forEach(function (n) { db[n].drop() })'",
        ],
        [
            "mongosh mongodb://m-1.internal/ledger --eval "
            "'db.getCollectionNames().forEach(c => print(db[c].countDocuments({})))'",
            "mongosh mongodb://m-1.internal/ledger --eval 'db.getCollectionNames()'",
        ],
    ),
    (
        "curl -fsSL https://get.example.org/setup | bash",
        "Piped an install script straight into a shell",
        "Whatever the download contains runs before anyone has read it.",
        [
            "pwsh -c 'iwr -useb https://get.example.org/setup | iex'",
            'powershell -NoProfile -Command "irm https://get.example.org/setup | iex"',
        ],
        [
            "pwsh -c 'iwr -useb https://get.example.org/setup -OutFile setup.ps1'",
            "pwsh -Command 'Get-FileHash install.ps1'",
        ],
    ),
    (
        "az group delete --name <resource-group> --yes",
        "Deleted a whole resource group",
        "Every resource in the group goes with it.",
        [
            "pwsh -c 'Remove-AzResourceGroup -Name ledger-prod -Force'",
            "Remove-AzResourceGroup -Name ledger-prod -Force",
            "az deployment group create -g ledger-prod --mode Complete --template-file empty.json",
        ],
        [
            "Get-AzResourceGroup -Name ledger-prod",
            "pwsh -c 'Get-AzResource -ResourceGroupName x'",
            "az deployment group create -g ledger-prod --mode Complete --template-file main.json",
            "az deployment group create -g ledger-prod --template-file empty.json",
        ],
    ),
    (
        "npm publish",
        "Published the package by hand",
        "A published version can never be reused; everyone installing it gets this build.",
        ["npx lerna publish from-package --yes", "npx changeset publish", "pnpm publish"],
        [
            "npm pack",
            "npx lerna version --no-push",
            "npx changeset version",
            "npm publish --dry-run",
        ],
    ),
    (
        "cargo publish",
        "Published the crate by hand",
        "crates.io versions cannot be overwritten or deleted.",
        ["cargo workspaces publish --from-git --yes", "cargo release publish --execute"],
        ["cargo release patch", "cargo package", "cargo publish --dry-run"],
    ),
    (
        "dotnet nuget push <package>.nupkg --source <feed>",
        "Pushed a package to the shared feed by hand",
        "Feed packages are immutable and every team pulls them.",
        [
            "nuget push Ledger.Core.3.0.0.nupkg -Source https://feed.internal/v3/index.json",
            "paket push Ledger.Core.3.0.0.nupkg --url https://feed.internal",
        ],
        ["nuget pack Ledger.Core.nuspec", "nuget list Ledger.Core", "paket install"],
    ),
    (
        "heroku pg:reset DATABASE_URL --app <app> --confirm <app>",
        "Reset the production app's database",
        "pg:reset drops every table; --confirm skips the only safeguard.",
        [
            "heroku addons:destroy heroku-postgresql -a ledger-prod --confirm ledger-prod",
            "heroku addons:remove DATABASE --app ledger-prod --confirm ledger-prod",
        ],
        [
            "heroku addons:destroy papertrail -a ledger-prod --confirm ledger-prod",
            "heroku addons -a ledger-prod",
            "heroku pg:info -a ledger-prod",
        ],
    ),
    (
        "sudo dpkg -i --force-all <package>",
        "Forced a package in past dpkg's dependency checks",
        "--force-all overrode the conflicts and left the package database broken.",
        [
            "sudo rpm -ivh --nodeps --force agent-3.2.rpm",
            "sudo rpm -Uvh --nodeps agent-3.2.rpm",
            "sudo apt-get install -y --force-yes agent",
            "sudo apt-get install --allow-remove-essential agent",
            "sudo apt-get -o Dpkg::Options::=--force-all install agent",
        ],
        [
            "sudo rpm -ivh agent-3.2.rpm",
            "sudo rpm -ivh --test --nodeps agent-3.2.rpm",
            "sudo apt-get install -y agent",
            "sudo apt-get -o Dpkg::Options::=--force-confold install agent",
            "rpm -qa",
        ],
    ),
]


@pytest.mark.parametrize(("example", "title", "why", "block", "allow"), CASES)
def test_a_report_reaches_every_tool_doing_the_same_operation(example, title, why, block, allow):
    missed, blocked, derived = wrongly_read(example, title, why, block, allow)
    assert (missed, blocked) == ([], []), derived.trigger
