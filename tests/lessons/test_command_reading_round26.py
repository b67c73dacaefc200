"""How a reported command and a checked command are read (round 26; no database).

Each case is an anti-pattern reported as a command (or a sentence) and the same danger spelled
otherwise, as the tools document it: ZFS's subcommands and their dry run, the Hadoop file system
shell under its two names, a GitHub REST call made with curl (api.github.com or an Enterprise
Server's /api/v3) or with a leading slash, a setting turned off through an option, the
environment or a config file, a cron table replaced by an empty one, a variable set for later
commands by `go env -w`, xargs' replace string, `git restore` of the whole tree, the options of
grep and the text filters. Each must-block spelling is paired with harmless look-alikes that
must stay allowed. Written from the tools' documentation, not from any benchmark set.
"""

import pytest

from lessons.commands import invocations
from tests.lessons.guard_probe import blocks, prose_trigger, wrongly_read

# (reported command, title, why, must block, must allow)
REPORTS = [
    (
        # zfs-destroy(8): -r destroys the children, -R every dependent too (clones outside the
        # hierarchy); -n is a dry run. zpool-destroy(8) destroys the pool and all it holds.
        "zfs destroy -r <pool>/<dataset>",
        "Destroyed a ZFS dataset with all its children",
        "Every snapshot and child file system under it was gone with no undo.",
        [
            "sudo zfs destroy -r backups/photos",
            "zfs destroy -R backups/photos",
            "zfs destroy -fr vault/vm-images",
            "sudo zpool destroy vault",
            "sudo zpool destroy -f vault",
        ],
        [
            "zfs destroy -n -r backups/photos",
            "sudo zfs destroy -nv -R backups/photos",
            "zfs list -r backups/photos",
            "zfs snapshot -r backups/photos@before-upgrade",
            "zpool status vault",
            "zpool list",
        ],
    ),
    (
        # Hadoop's FS shell: `hadoop fs` and `hdfs dfs` run the same commands, each a
        # single-dash word (`-rm`, `-ls`); `-rm -R` is `-rm -r`, `-rmr` the old `-rm -r`
        "hdfs dfs -rm -r -skipTrash <path>",
        "Deleted an HDFS directory past the trash",
        "With -skipTrash nothing goes to .Trash, so the files cannot be restored.",
        [
            "hdfs dfs -rm -r -skipTrash /lake/raw/2024",
            "hadoop fs -rm -R -skipTrash /lake/raw/2024",
            "hdfs dfs -rm -skipTrash -r -f /lake/staging",
            "hadoop fs -rmr -skipTrash /lake/raw",
        ],
        [
            "hdfs dfs -rm -r /lake/raw/2024",
            "hadoop fs -ls -R /lake/raw",
            "hdfs dfs -du -s -h /lake/raw",
            "hadoop fs -cat /lake/raw/part-0000 | head",
        ],
    ),
    (
        # gh-api(1): the endpoint is a path of https://api.github.com/, with or without its
        # leading slash; curl to that URL is the same REST call
        "gh api -X DELETE repos/{owner}/{repo}/environments/{name}",
        "Deleted a deployment environment through the GitHub API",
        "Its protection rules, secrets and reviewers went with it.",
        [
            "gh api -X DELETE repos/octo/shop/environments/production",
            "gh api --method DELETE /repos/octo/shop/environments/production",
            'curl -X DELETE -H "Authorization: Bearer $GH_TOKEN" '
            "https://api.github.com/repos/octo/shop/environments/production",
            "curl -sS --request DELETE https://api.github.com/repos/octo/shop/environments/qa",
        ],
        [
            "gh api repos/octo/shop/environments/production",
            "gh api /repos/octo/shop/environments",
            "curl -s https://api.github.com/repos/octo/shop/environments/production",
            "curl -X PUT https://api.github.com/repos/octo/shop/environments/qa",
        ],
    ),
    (
        # crontab(1) installs the table it is handed, `-` from the standard input: an empty
        # input (`/dev/null`, a printer writing nothing) removes every job as -r does
        "crontab -r",
        "Removed every cron job of the deploy user",
        "The nightly backups and the certificate renewals stopped running.",
        [
            "crontab - < /dev/null",
            "echo -n | crontab -",
            "printf '' | crontab -",
            "true | crontab -",
        ],
        [
            "crontab -l",
            "crontab -l | crontab -",
            "echo '*/5 * * * * /opt/backup.sh' | crontab -",
            "crontab - < jobs.txt",
            "crontab -l > cron.bak",
        ],
    ),
    (
        # go help environment: `go env -w K=V` sets the variable for every later go command,
        # as an export does; launchctl(1) `setenv K V` for every process launchd starts
        "export GOSUMDB=off",
        "Turned off Go's checksum database",
        "Modules were fetched without checking them against the public checksum log.",
        [
            "go env -w GOSUMDB=off",
            "go env -w GOFLAGS=-mod=mod GOSUMDB=off",
            "launchctl setenv GOSUMDB off",
            "GOSUMDB=off go mod tidy",
        ],
        [
            "go env GOSUMDB",
            "go env -w GOPROXY=direct",
            "go env -w GOSUMDB=sum.golang.org",
            "go mod download",
        ],
    ),
    (
        # xargs(1) -I: each input line stands where the replace string does; a kubectl
        # listing `-o name` prints `kind/name`, so the kind comes from the listing
        "kubectl delete ns <namespace>",
        "Deleted a namespace with everything in it",
        "Every deployment, secret and volume claim in it went at once.",
        [
            "kubectl get ns -o name | grep feature- | xargs -I{} kubectl delete {}",
            "kubectl get namespaces -o name | xargs -I % kubectl delete %",
        ],
        [
            "kubectl get ns -o name | xargs -I{} kubectl describe {}",
            "kubectl get ns -o name | grep feature- | xargs -I{} kubectl label {} stale=true",
        ],
    ),
    (
        # git-restore(1): `--staged --worktree` restores the index and the files from HEAD;
        # on the whole tree it drops every uncommitted change as a hard reset does
        "git reset --hard",
        "Threw away a day of uncommitted work with a hard reset",
        "Neither the staged nor the unstaged changes can be recovered.",
        [
            "git restore --staged --worktree .",
            "git restore -SW :/",
            "git restore --source=HEAD --staged --worktree .",
        ],
        [
            "git restore --staged .",
            "git restore --staged --worktree docs/notes.md",
            "git status --short",
        ],
    ),
    (
        # a GitHub Enterprise Server's REST API lives under https://HOST/api/v3
        "gh repo delete <owner>/<repo> --yes",
        "Deleted a repository on the company's GitHub",
        "Its issues, pull requests and wiki went with it.",
        [
            "curl -X DELETE -H 'Authorization: token $T' https://git.corp.example/api/v3/repos/tools/ci",
        ],
        [
            "curl -H 'Authorization: token $T' https://git.corp.example/api/v3/repos/tools/ci",
            "curl -X DELETE https://shop.example/api/v3/carts/42",
        ],
    ),
]


@pytest.mark.parametrize(
    ("action", "title", "why", "block", "allow"), REPORTS, ids=[r[0] for r in REPORTS]
)
def test_a_reported_command_blocks_its_danger_as_the_tools_spell_it_and_no_look_alike(
    action, title, why, block, allow
):
    missed, blocked, derived = wrongly_read(action, title, why, block, allow)
    assert (missed, blocked) == ([], []), derived.trigger


# A sentence naming a setting turned off by what it does: any tool's way of setting it to
# no/false/off (an `-o` option, the environment, a config file line) does that.
HOST_KEYS_OFF = "Disabled the SSH host key check so the deploy would stop failing"


@pytest.mark.parametrize(
    "line",
    [
        "ssh -o StrictHostKeyChecking=no ops@10.20.0.7",
        "ssh -oStrictHostKeyChecking=off ops@bastion",
        "scp -o StrictHostKeyChecking=no build.tgz ops@web2:/opt/",
        'rsync -az -e "ssh -o StrictHostKeyChecking=no" out/ ops@web2:/opt/out/',
        "ANSIBLE_HOST_KEY_CHECKING=False ansible-playbook -i prod.ini site.yml",
        "echo 'StrictHostKeyChecking no' >> ~/.ssh/config",
    ],
)
def test_a_setting_turned_off_is_what_a_sentence_disabling_it_names(line):
    assert blocks(prose_trigger(HOST_KEYS_OFF), line)


@pytest.mark.parametrize(
    "line",
    [
        "ssh -o StrictHostKeyChecking=yes ops@10.20.0.7",
        "ssh -o StrictHostKeyChecking=accept-new ops@bastion",
        "ssh -o ConnectTimeout=5 ops@bastion",
        "ssh-keyscan -H web2 >> ~/.ssh/known_hosts",
        "ssh-keygen -R web2",
        "ANSIBLE_HOST_KEY_CHECKING=True ansible-playbook -i prod.ini site.yml",
    ],
)
def test_a_setting_left_on_is_not_disabled(line):
    assert not blocks(prose_trigger(HOST_KEYS_OFF), line)


def test_the_hadoop_fs_shell_reads_its_commands_as_single_dash_words():
    (inv,) = [i for i in invocations("hadoop fs -rm -R -skipTrash /lake/raw") if not i.part]
    assert (inv.program, inv.subcommand) == ("hdfs", ("dfs",))
    assert {"-rm", "-r", "-skipTrash"} <= set(inv.flags)
    assert inv.args == ["/lake/raw"]


@pytest.mark.parametrize(
    ("line", "program", "where"),
    [
        ("ls /srv/releases | xargs -I{} rm -rf /srv/releases/{}", "rm", "args"),
        ("cat groups.txt | xargs -I % aws logs delete-log-group --log-group-name %", "aws", "opts"),
        ("docker ps -aq | xargs --replace docker rm -f {}", "docker", "args"),
        ("find . -name '*.lock' | xargs -i{} rm {}", "rm", "args"),
    ],
)
def test_xargs_puts_each_line_where_its_replace_string_stands(line, program, where):
    (inv,) = [i for i in invocations(line) if i.program == program and not i.part][-1:]
    values = inv.args if where == "args" else [v for vs in inv.options.values() for v in vs]
    assert any("$(" in v for v in values)
    assert not any("{}" in v or v.endswith("%") for v in values)


@pytest.mark.parametrize("program", ["grep", "egrep", "rg"])
def test_a_search_tool_reads_its_options_that_take_a_value(program):
    (inv,) = invocations(f"{program} -A2 -m1 -f patterns.txt notes.md")
    assert inv.options["--after-context"] == ["2"]
    assert inv.options["--file"] == ["patterns.txt"]
    assert inv.args == ["notes.md"]
    assert "--force" not in inv.flags


def test_xargs_running_kubectl_in_each_namespace_listed_acts_in_every_namespace():
    line = "kubectl get ns -o name | cut -d/ -f2 | xargs -I{} kubectl delete pods --all -n {}"
    (delete,) = [i for i in invocations(line) if i.subcommand[:1] == ("delete",)]
    assert "--all-namespaces" in delete.flags
    picked = line.replace("| cut", "| grep team- | cut")
    (delete,) = [i for i in invocations(picked) if i.subcommand[:1] == ("delete",)]
    assert "--all-namespaces" not in delete.flags


@pytest.mark.parametrize(
    ("line", "options", "args"),
    [
        ("cut -d/ -f2 names.txt", {"--delimiter": ["/"], "--fields": ["2"]}, ["names.txt"]),
        ("tail -f -n 20 app.log", {"--lines": ["20"]}, ["app.log"]),
        ("sort -t, -k2 prices.csv", {"--field-separator": [","], "--key": ["2"]}, ["prices.csv"]),
    ],
)
def test_a_text_filter_reads_its_options_that_take_a_value(line, options, args):
    (inv,) = invocations(line)
    assert {k: inv.options[k] for k in options} == options
    assert inv.args == args
    assert "--force" not in inv.flags
