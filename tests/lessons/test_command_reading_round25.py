"""How a reported command and a checked command are read (round 25; no database).

Each case is an anti-pattern reported as a command and the same danger spelled otherwise, as the
tools document it: a flag convention of single-dash long flags (Go, Java), a tool's short flags
and bundles (DVC), a subcommand's other spelling (`git stage`), an action run through `fastlane
run`, another tool for the same operation (Redpanda's rpk, rabbitmqadmin, the RabbitMQ
management API, the view-secret plugin, `oc extract`, wget's `--method`), an empty table handed
to crontab, a setting passed for one run (`git -c`, GIT_SSL_NO_VERIFY), a property the release
plugin passes on. Each must-block spelling is paired with harmless look-alikes that must stay
allowed. Written from the tools' documentation, not from any benchmark set.
"""

import pytest

from lessons.commands import invocations
from tests.lessons.guard_probe import wrongly_read

# (reported command, title, why, must block, must allow)
REPORTS = [
    (
        # keytool(1): every option is one word after a single dash
        "keytool -delete -alias signing -keystore app/signing.jks",
        "Deleted the signing key from the keystore",
        "Without the key no update of the published app can be signed again.",
        [
            "keytool -delete -keystore app/signing.jks -alias signing",
            "keytool -delete -alias signing -keystore app/signing.jks -storepass $PW",
        ],
        [
            "keytool -list -v -alias signing -keystore app/signing.jks",
            "keytool -exportcert -alias signing -keystore app/signing.jks -file cert.pem",
            "keytool -list -keystore app/signing.jks",
        ],
    ),
    (
        # dvc gc: -w/--workspace, -c/--cloud, -r/--remote takes a value, -f only skips the prompt
        "dvc gc --workspace --cloud",
        "Garbage-collected the DVC cloud remote down to the current workspace",
        "Every dataset version not in the workspace was deleted from the shared remote.",
        [
            "dvc gc -w -c",
            "dvc gc -wc -f",
            "dvc gc -c -w -r team-store",
            "dvc gc --cloud --remote team-store --workspace --force",
        ],
        [
            "dvc gc -w",
            "dvc gc --workspace --force",
            "dvc push -r team-store",
            "dvc gc -w -c --dry-run",
            "dvc status -c",
        ],
    ),
    (
        # git-stage(1): "git stage is a synonym for git add"
        "git add config/prod.pem",
        "Committed the production certificate's private key",
        "Anyone who can read the repository can impersonate the service.",
        ["git stage config/prod.pem"],
        ["git stage README.md", "git add README.md", "git stash"],
    ),
    (
        # fastlane: `fastlane run ACTION key:value` and `fastlane ACTION` run the same action;
        # match's nuke takes the type positionally or as `type:`
        "fastlane match nuke appstore",
        "Nuked the App Store signing certificates with fastlane",
        "Every certificate and profile of that type is revoked for the whole team.",
        [
            "fastlane run match_nuke type:appstore",
            "fastlane match nuke type:appstore",
            "bundle exec fastlane match_nuke type:appstore",
        ],
        [
            "fastlane match appstore --readonly",
            "fastlane action match_nuke",
            "fastlane match nuke --help",
        ],
    ),
    (
        # Redpanda's rpk topic delete deletes a Kafka topic as kafka-topics --delete does
        "kafka-topics.sh --bootstrap-server broker-1:9092 --delete --topic invoices",
        "Deleted the invoices topic on the shared cluster",
        "Every unconsumed event on the topic was lost with it.",
        ["rpk topic delete invoices --brokers broker-1:9092", "rpk topic delete invoices"],
        ["rpk topic describe invoices", "rpk topic create invoices-replay", "rpk topic list"],
    ),
    (
        # rabbitmqadmin and the management API's DELETE /api/queues/VHOST/NAME/contents purge
        # a queue as rabbitmqctl purge_queue does
        "rabbitmqctl purge_queue billing-events",
        "Purged the billing queue to clear the backlog",
        "The unprocessed billing messages were thrown away.",
        [
            "rabbitmqctl --node rabbit@mq-2 purge_queue billing-events",
            "rabbitmqctl -p /payments purge_queue billing-events",
            "rabbitmqadmin purge queue name=billing-events",
            "curl -u ops:$PW -X DELETE http://mq-2:15672/api/queues/%2F/billing-events/contents",
        ],
        [
            "rabbitmqctl list_queues name messages",
            "rabbitmqadmin list queues",
            "curl -u ops:$PW http://mq-2:15672/api/queues/%2F/billing-events",
            "rabbitmqadmin get queue=billing-events count=5",
        ],
    ),
    (
        # wget(1): `--method=HTTP-Method` sends any method, as curl's -X does
        "curl -X DELETE http://search-1:9200/audit-2024",
        "Deleted the audit index",
        "A year of audit records was gone with no snapshot.",
        [
            "wget --method=DELETE -qO- http://search-1:9200/audit-2024",
            "wget -q --method DELETE http://search-1:9200/audit-2024",
        ],
        [
            "wget -qO- http://search-1:9200/audit-2024/_count",
            "wget --method=GET -qO- http://search-1:9200/audit-2024",
        ],
    ),
    (
        # crontab(1) installs the file it is given: an empty one replaces every job
        "crontab -r",
        "Removed the user's crontab",
        "All scheduled backups and rotations stopped silently.",
        ["crontab /dev/null", "sudo crontab -u deploy /dev/null"],
        ["crontab -l", "crontab jobs.cron", "crontab -l > /tmp/cron.bak"],
    ),
    (
        # git-config(1): http.sslVerify, also set for one run with `-c` or GIT_SSL_NO_VERIFY
        "git config --global http.sslVerify false",
        "Turned off TLS verification for git",
        "Every fetch and push can be intercepted.",
        [
            "git -c http.sslVerify=false fetch origin",
            "GIT_SSL_NO_VERIFY=1 git pull",
            "export GIT_SSL_NO_VERIFY=true",
        ],
        [
            "git -c http.sslVerify=true fetch origin",
            "git -c user.name=ci commit -m 'x'",
            "export GIT_SSL_CAINFO=/etc/ssl/corp.pem",
            "git fetch origin",
        ],
    ),
    (
        # xargs hands a listing's names to the command it runs: the names the listing gives,
        # or the word a grep picks them by
        "kubectl delete namespace payments-live",
        "Deleted the live payments namespace",
        "Every workload, volume claim and secret in it went with it.",
        [
            "kubectl get ns payments-live -o name | xargs kubectl delete",
            "kubectl get namespaces -o name | grep payments-live | xargs kubectl delete",
        ],
        [
            "kubectl get ns payments-live -o name | xargs kubectl describe",
            "kubectl get ns -o name | grep -v payments-live | xargs -n1 echo",
            "kubectl get ns payments-sandbox -o name | xargs kubectl delete",
        ],
    ),
    (
        # a reboot of each host of a loop is the group reboot ansible's reboot module does
        "ansible webservers -b -m reboot",
        "Rebooted every web server at once",
        "All of them went down together and the site was offline.",
        ["for h in web-a web-b web-c; do ssh $h.example.net sudo reboot; done"],
        [
            "for h in web-a web-b; do ssh $h uptime; done",
            "ssh web-a sudo reboot",
            "for h in web-a web-b; do ssh $h sudo systemctl restart nginx; done",
        ],
    ),
    (
        # the view-secret kubectl plugin and `oc extract secret/x --to=-` print decoded values
        "kubectl get secret api-keys -o jsonpath='{.data.token}' | base64 -d",
        "Printed the decoded API token from the secret",
        "The token ended up in the CI log, readable by every job.",
        ["kubectl view-secret api-keys token", "oc extract secret/api-keys --to=-"],
        [
            "kubectl get secrets",
            "kubectl describe secret api-keys",
            "oc extract secret/api-keys --to=/tmp/keys --confirm --dry-run",
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


@pytest.mark.parametrize(
    ("line", "flags"),
    [
        # Go's flag package: one dash, whole words; `-f` is not among them
        ("consul members -tls-skip-verify", {"-tls-skip-verify"}),
        ("flyway -configFiles=conf/prod.conf info", {"-configFiles"}),
        ("keytool -exportcert -keystore a.jks", {"-exportcert", "-keystore"}),
        # bundles of a few letters stay bundles
        ("sometool -rf build", {"-r", "--force"}),
    ],
)
def test_an_unlisted_tool_reads_single_dash_words_by_their_convention(line, flags):
    assert set(invocations(line)[0].flags) == flags


def test_the_release_plugin_passes_its_arguments_properties_to_the_build():
    (mvn,) = invocations("mvn release:perform -Darguments='-DskipTests -Dgpg.skip'")
    assert {"skipTests", "gpg.skip"} <= set(mvn.options["--define"])


def test_a_gcloud_version_after_its_verb_is_an_argument():
    (read,) = invocations("gcloud secrets versions access latest --secret=api-key")
    assert (read.subcommand, read.args) == (("secrets", "versions", "access"), ["latest"])


def test_a_loop_runs_a_command_once_per_word_where_its_variable_names_a_host():
    found = invocations("for h in app-1 app-2; do ssh $h 'sudo systemctl stop nginx'; done")
    stops = [(inv.via, inv.args) for inv in found if inv.program == "systemctl"]
    assert stops == [(["app-1"], ["nginx"]), (["app-2"], ["nginx"])]


def test_a_loop_variable_in_the_last_place_still_gives_every_word():
    (rm,) = invocations("for d in /srv/a /srv/b; do rm -rf $d; done")
    assert rm.args == ["/srv/a", "/srv/b"]


@pytest.mark.parametrize(
    ("line", "program", "args"),
    [
        ("java -Xmx4g -jar bfg-1.14.0.jar --delete-files id_rsa", "bfg", ["id_rsa"]),
        ("java -jar tools/liquibase-cli.jar dropAll", "liquibase", ["dropAll"]),
    ],
)
def test_java_runs_the_jar_as_its_program(line, program, args):
    ran = [inv for inv in invocations(line) if inv.program == program]
    assert ran and ran[0].args == args


@pytest.mark.parametrize(
    "line",
    [
        "mycli -h db-9 -e 'DROP TABLE ledger'",
        "usql pg://db-9/app -c 'DROP TABLE ledger'",
        "trino --server db-9:8080 --execute 'DROP TABLE ledger'",
        "bq query --use_legacy_sql=false 'DROP TABLE ds.ledger'",
        "echo 'DROP TABLE ledger;' | sqlplus -s app/pw@db-9",
        "cockroach sql --url postgres://db-9:26257/app -e 'DROP TABLE ledger'",
        "beeline -u jdbc:hive2://db-9:10000 -e 'DROP TABLE ledger'",
        "impala-shell -i db-9 -q 'DROP TABLE ledger'",
    ],
)
def test_a_sql_client_statement_is_read_as_sql(line):
    dropped = [inv for inv in invocations(line) if inv.program == "sql"]
    assert [(inv.subcommand, inv.args) for inv in dropped][:1] == [(("drop", "table"), ["ledger"])]


@pytest.mark.parametrize(
    "line", ["mycli -h db-9 -e 'SELECT count(*) FROM ledger'", "bq ls ds", "bq show ds.ledger"]
)
def test_a_sql_client_reading_drops_nothing(line):
    assert not [
        inv for inv in invocations(line) if inv.program == "sql" and inv.subcommand[:1] == ("drop",)
    ]
