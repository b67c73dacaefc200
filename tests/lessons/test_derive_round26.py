"""How a reported command becomes a trigger: which of its parts are the danger (round 26).

Each case is a report written the way agents write one, with commands of our own (written from
the tools' documentation, not from any benchmark set): the danger spelled otherwise must block,
a look-alike without it (a read-only call, a safe target, the dangerous part absent) must not.
"""

import pytest

from tests.lessons.guard_probe import wrongly_read

# (reported command, title, why, must block, must allow)
REPORTS = [
    # a placeholder standing where a kind of path goes, the kind named by the prose: every path of
    # that kind, not every path (nor only with the `sudo` the example happened to carry)
    (
        "sudo rm -rf /<directory>",
        "Wiped a system directory or the home folder",
        "The variable meant for the build folder was empty, so the delete hit the top of the tree.",
        [
            "rm -rf /usr",
            "sudo rm -fr /var/lib",
            "rm -rf ~",
            "rm -rf $HOME",
            'rm -rf "${HOME}/"',
            "rm --recursive --force /home/dana",
        ],
        [
            "rm -rf /tmp/build-cache",
            "rm -rf ./dist",
            "rm -rf ~/src/app/node_modules",
            "ls -la /usr",
            "rm /home/dana/notes.txt",
        ],
    ),
    (
        "sudo rm -rf /<dir>",
        "Deleted a top-level folder to free disk space",
        "It held the only copy of the uploads.",
        ["sudo rm -rf /srv", "sudo rm -rf /data"],
        ["rm -rf ./build", "sudo rm /srv/app/old.log"],
    ),
    (
        "chown -R <user> /<dir>",
        "Changed the owner of a system directory",
        "Handing the operating system's files to a service account broke sudo and package updates.",
        ["chown -R www-data /etc", "sudo chown -R deploy:deploy /usr/local"],
        ["chown -R www-data /srv/site/uploads", "chown deploy ./build.log", "ls -ld /etc"],
    ),
    # a service reached on the machine itself in the example (`localhost`, a loopback address) is
    # the same service wherever it runs: the port and path say what is called, the host does not
    (
        "curl -X DELETE http://localhost:5984/<database>",
        "Deleted a CouchDB database over its HTTP API",
        "The DELETE removed every document of the database; replicas followed within seconds.",
        [
            "curl -X DELETE http://couch.internal:5984/orders",
            "curl -XDELETE https://db.example.com:5984/users",
            "curl --request DELETE 127.0.0.1:5984/sessions",
        ],
        [
            "curl http://couch.internal:5984/orders",
            "curl -X PUT http://couch.internal:5984/orders",
            "curl -X DELETE http://couch.internal:8080/orders",
        ],
    ),
    (
        "http DELETE 127.0.0.1:9200/<index>",
        "Removed a search index with HTTPie",
        "The index and its mappings were gone; rebuilding it took a day of reindexing.",
        ["http DELETE search.internal:9200/products", "http DELETE http://es-2:9200/logs-2026.11"],
        ["http GET search.internal:9200/products", "http DELETE search.internal:5601/api/x"],
    ),
    # `sudo <tool>` named apart from a flag the prose spells: each is a danger of its own
    (
        "sudo npm install -g --unsafe-perm <package>",
        "Ran package install scripts as root",
        "Installing with --unsafe-perm (and running sudo npm at all) let a dependency's "
        "postinstall script run as root and rewrite files under /usr/local.",
        [
            "npm install -g --unsafe-perm node-sass",
            "sudo npm install -g typescript",
            "sudo npm i -g --unsafe-perm pm2",
        ],
        ["npm install -g typescript", "npm install --save-dev jest", "sudo apt-get install nodejs"],
    ),
    # what the reporter says they did besides the reported command, with the same tool, is a
    # danger reported too; what the command caused is not
    (
        "git push upstream --delete <branch>",
        "Removed a release branch that had work nobody had merged",
        "We removed the branch on the server and force-deleted our local copy as well; two "
        "fixes existed nowhere else.",
        ["git push upstream --delete hotfix/2.1", "git branch -D hotfix/2.1"],
        ["git branch -d merged-topic", "git branch --list", "git push upstream hotfix/2.1"],
    ),
    (
        "kubectl delete namespace <namespace>",
        "Deleted a namespace by hand",
        "Deleting it also deletes every secret and volume claim in it, which nobody can undo.",
        ["kubectl delete ns billing"],
        ["kubectl delete secret old-token -n billing", "kubectl delete pvc scratch-0 -n ci"],
    ),
    # the remote a push goes to is where, not what: named by the prose or not, any remote
    (
        "git push company --delete develop",
        "Deleted the develop branch on the company remote",
        "Every open merge request that targeted develop was closed on the company server.",
        ["git push origin --delete develop", "git push upstream develop --delete"],
        ["git push company --delete feature/try-cache", "git push company develop"],
    ),
    # a switch the prose names, set in the command's environment: the switch is the danger (where
    # the report says production, there), set before the command or as its `NAME=value` argument
    (
        "RAILS_ENV=production SKIP_SAFETY_CHECK=true bundle exec rake <task>",
        "Bypassed the data-safety check on production with a rake task",
        "Setting SKIP_SAFETY_CHECK let the task run against the production database and it "
        "truncated the billing tables.",
        [
            "SKIP_SAFETY_CHECK=1 RAILS_ENV=production rake data:purge",
            "RAILS_ENV=production bundle exec rake data:purge SKIP_SAFETY_CHECK=yes",
        ],
        [
            "RAILS_ENV=production bundle exec rake db:migrate:status",
            "RAILS_ENV=production rake assets:precompile",
            "SKIP_SAFETY_CHECK=1 RAILS_ENV=test rake data:purge",
        ],
    ),
]


@pytest.mark.parametrize(
    ("action", "title", "why", "block", "allow"), REPORTS, ids=[r[0] for r in REPORTS]
)
def test_a_reported_command_keeps_its_danger_and_lets_its_incidental_parts_vary(
    action, title, why, block, allow
):
    missed, blocked, derived = wrongly_read(action, title, why, block, allow)
    assert (missed, blocked) == ([], []), (derived.trigger, derived.notes)
