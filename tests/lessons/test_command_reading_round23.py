"""How a reported command and a checked command are read (issue 12; no database).

Each case is an anti-pattern reported as a command (literal, or with placeholders) and the same
danger spelled otherwise, as the tools document it: hook managers' environment switches, a
tool's fork that keeps its command line, kubectl's lists of kinds and its `all` category, an SQL
keyword standing where a name goes, a mode that leaves a tree world-writable, a placeholder file
given to an option, a name's part after a hyphen. Each must-block spelling is paired with
harmless look-alikes that must stay allowed. Written from the tools' documentation, not from any
benchmark set.
"""

import pytest

from tests.lessons.guard_probe import wrongly_read

# (reported command, title, why, must block, must allow)
REPORTS = [
    (
        # pre-commit and overcommit: `SKIP=hook-id[,…] git commit`; lefthook: `LEFTHOOK=0`;
        # overcommit: `OVERCOMMIT_DISABLE=1`; husky: `HUSKY=0`
        "git commit --no-verify -m 'wip'",
        "Committed with --no-verify to get past the hooks",
        "The secret scanner hook would have caught the key.",
        [
            "SKIP=flake8,mypy git commit -m 'fix'",
            "SKIP=gitleaks git commit -am 'deploy'",
            "LEFTHOOK=0 git commit -m 'fix'",
            "OVERCOMMIT_DISABLE=1 git commit -m 'fix'",
            "env HUSKY=0 git commit -m 'fix'",
        ],
        [
            "git commit -m 'fix'",
            "SKIP= git commit -m 'fix'",
            "LEFTHOOK=1 git commit -m 'fix'",
            "SKIP=flake8 pre-commit run --all-files",
            "OVERCOMMIT_DISABLE=0 git commit -m 'fix'",
        ],
    ),
    (
        # Valkey and KeyDB are forks of Redis whose clients keep redis-cli's command line
        "redis-cli -h cache.internal FLUSHALL",
        "Ran FLUSHALL on the shared cache",
        "Every service lost its cached sessions at once.",
        [
            "valkey-cli -h cache.internal FLUSHALL",
            "keydb-cli -h cache.internal flushall",
            "valkey-cli -h cache.internal -n 0 FLUSHALL ASYNC",
        ],
        ["valkey-cli -h cache.internal INFO", "keydb-cli -h cache.internal DBSIZE"],
    ),
    (
        # `kubectl delete TYPE1,TYPE2 …` acts on each kind; the category `all` holds pods,
        # services, deployments, replica sets, stateful sets, daemon sets, jobs and cron jobs
        "kubectl delete pods --all -n production",
        "Deleted every pod in the production namespace",
        "All replicas restarted at once and the service was down.",
        [
            "kubectl delete all --all -n production",
            "kubectl delete svc,pods --all -n production",
            "kubectl delete deploy,po --all --namespace production",
            "kubectl get pods -n production -o name | xargs kubectl delete -n production",
        ],
        [
            "kubectl get all -n production",
            "kubectl get pods,svc -n production",
            "kubectl delete all --all -n production --dry-run=client",
            "kubectl delete configmaps,secrets --all -n production",
            "kubectl get pods -n prod -l app=web -o name | xargs kubectl delete -n prod",
            "kubectl get pods -n prod -o name | grep web- | xargs kubectl delete -n prod",
            "kubectl get pods -n production --field-selector=status.phase=Failed -o name"
            " | xargs kubectl delete -n production",
        ],
    ),
    (
        # an unquoted reserved word cannot name a table: `DELETE FROM TABLE` says "some table"
        'psql "$DATABASE_URL" -c "DELETE FROM TABLE"',
        "Ran a DELETE with no WHERE clause",
        "The WHERE clause did not get pasted; every row of the table went.",
        [
            "psql -h db.internal -d shop -c 'delete from orders;'",
            "mysql -h db.internal shop -e 'DELETE FROM customers'",
            "psql -h db.internal shop -c 'TRUNCATE TABLE payments'",
        ],
        [
            "psql -h db.internal shop -c 'DELETE FROM sessions WHERE id = 4'",
            "psql -h db.internal shop -c 'SELECT count(*) FROM sessions'",
            "grep -rn 'DELETE FROM' app/",
        ],
    ),
    (
        "mysql -e 'UPDATE TABLE SET COLUMN = NULL'",
        "Ran an UPDATE with no WHERE clause",
        "Every row of the table got the new value.",
        [
            "mysql shop -e 'UPDATE users SET email = NULL'",
            "psql -c 'update users set active = false'",
        ],
        [
            "mysql shop -e 'UPDATE users SET email = NULL WHERE id = 7'",
            "mysql shop -e 'SELECT * FROM users'",
        ],
    ),
    (
        # chmod(1): a mode granting others write (`o+w`, `a+w`, `777`, `776`) leaves the tree
        # writable by every local user, which is what makes `777` dangerous
        "sudo chmod -R 777 /var/www",
        "Made the web root world-writable to fix an upload error",
        "Every local user could rewrite the site's files.",
        [
            "sudo chmod -R o+w /var/www",
            "chmod -R a+w /var/www/html",
            "chmod -R 776 /var/www",
            "chmod --recursive ugo+rwx /var/www",
        ],
        ["chmod -R 755 /var/www", "chmod -R g+w /var/www", "chmod -R o-w /var/www"],
    ),
    (
        # `-var-file={env}.tfvars`: some file of the option's kind, an example of how it is run
        "terraform destroy -auto-approve -var-file={env}.tfvars",
        "Ran terraform destroy with -auto-approve",
        "-auto-approve skipped the plan I would have read.",
        [
            "terraform destroy -auto-approve",
            "terraform -chdir=envs/prod destroy -auto-approve",
            "tofu destroy -auto-approve -var-file=prod.tfvars",
            "terraform apply -destroy -auto-approve",
            # Terragrunt: run-all applies with -auto-approve; its one prompt is answered by
            # --terragrunt-non-interactive (--non-interactive in its newer CLI)
            "terragrunt run-all destroy --terragrunt-non-interactive",
            "terragrunt run --all destroy --non-interactive",
        ],
        [
            "terraform plan -destroy -var-file=prod.tfvars",
            "terraform destroy -var-file=prod.tfvars",
            "terraform apply -auto-approve -var-file=dev.tfvars",
            "terragrunt run-all destroy",
            "terragrunt run-all plan --terragrunt-non-interactive",
        ],
    ),
    (
        "helm upgrade <release> <chart> --force --values <name>.yaml",
        "Used helm upgrade --force on a shared release",
        "--force deleted and recreated the release's resources.",
        ["helm upgrade api ./chart --force", "helm upgrade api ./chart --force -f prod.yaml"],
        ["helm upgrade api ./chart -f prod.yaml", "helm upgrade api ./chart --values prod.yaml"],
    ),
    (
        # `${SECRET_NAME}` is a variable's expansion (bash(1)), not a `{name}` placeholder: what
        # the report prints is a secret variable, whatever words surround it
        'echo "token is ${SECRET_NAME}"',
        "Echoed a secret into the CI log while debugging auth",
        "The job log is readable by everyone in the organisation.",
        [
            'echo "key: $AWS_SECRET_ACCESS_KEY"',
            'echo "$GITHUB_TOKEN"',
            'echo "password=${DB_PASSWORD}"',
            "echo $NPM_AUTH_TOKEN",
            # bash(1): `set -x` prints every later command with its words expanded
            'set -x; curl -H "Authorization: Bearer $API_TOKEN" https://api.internal/v1/me',
            'set -euxo pipefail && deploy --password "$DB_PASSWORD"',
        ],
        [
            "echo 'token is set'",
            'echo "token length: ${#API_TOKEN}"',
            'echo "$HOME"',
            'echo "build ${BUILD_NUMBER} done"',
            'set -e; curl -H "Authorization: Bearer $API_TOKEN" https://api.internal/v1/me',
            "set -x; make build",
            'set -x; make build; set +x; curl -H "Authorization: Bearer $API_TOKEN" https://x',
        ],
    ),
    (
        # dpkg(1): --force-all turns on every --force-<thing>; those overriding a safety check
        # (dependencies, overwriting another package's files, essential packages) do a part of
        # it. The configuration-file answers (--force-confold) override none.
        "sudo dpkg -i --force-all <package>.deb",
        "Forced a .deb in with --force-all over dependency errors",
        "It overwrote files of another package and left apt broken.",
        [
            "sudo dpkg -i --force-depends agent.deb",
            "sudo dpkg --install --force-overwrite ./agent.deb",
            "dpkg -i --force-conflicts --force-breaks agent.deb",
            # apt-get(8): -o Dpkg::Options::=… is handed to the dpkg apt runs
            "sudo apt-get -o Dpkg::Options::=--force-all install ./agent.deb",
            "apt-get install -y -o 'Dpkg::Options::=--force-overwrite' ./agent.deb",
        ],
        [
            "sudo dpkg -i --force-confold agent.deb",
            "sudo dpkg -i agent.deb",
            "dpkg -I agent.deb",
            "sudo apt install ./agent.deb",
            "sudo apt-get install -y -o Dpkg::Options::=--force-confold ./agent.deb",
            "apt-get -o Dpkg::Options::=--force-all download agent",
        ],
    ),
    (
        # pip(1): any option is also set as PIP_<LONG_NAME> in the environment (a value option
        # takes the variable's value); --extra-index-url installs from another index besides
        # PyPI, where a name on it may shadow an internal package
        "pip install --extra-index-url <url> <package>",
        "Installed from an untrusted extra package index",
        "A package of the same name on the extra index shadowed the internal one.",
        [
            "pip install --extra-index-url https://pkgs.randomhost.io/simple requests",
            "PIP_EXTRA_INDEX_URL=https://pkgs.randomhost.io/simple pip install requests",
            "env PIP_EXTRA_INDEX_URL=https://pkgs.randomhost.io/simple pip3 install numpy",
        ],
        [
            "pip install requests",
            "pip install -i https://pypi.internal/simple requests",
            "PIP_INDEX_URL=https://pypi.internal/simple pip install requests",
            "PIP_DEFAULT_TIMEOUT=60 pip install requests",
            "PIP_EXTRA_INDEX_URL= pip install requests",
            "pip download --dest wheels requests",
        ],
    ),
    (
        # vault kv: `-mount=secret app/db` names the secret the path `secret/app/db` names
        "vault kv metadata delete secret/<app>/<env>",
        "Permanently destroyed every version of a Vault secret",
        "metadata delete removes all versions and the key's history; nothing can be undeleted.",
        [
            "vault kv metadata delete secret/billing/prod",
            "vault kv metadata delete -mount=secret billing/prod",
            "vault kv metadata delete -mount secret /payments/prod",
        ],
        [
            "vault kv metadata get -mount=secret billing/prod",
            "vault kv get -mount=secret billing/prod",
            "vault kv delete -mount=secret billing/prod",
        ],
    ),
    (
        # bash(1): `pushd DIR` changes the directory as `cd DIR` does, `popd` returns from it,
        # `pushd -n` changes nothing; cd's options (-P, -L) are no directory
        "rm -rf /srv/data",
        "Deleted the data directory",
        "Everything the service had stored was gone.",
        [
            "pushd /srv && rm -rf data",
            "pushd /srv > /dev/null; rm -rf data; popd",
            "cd -P /srv && rm -rf data",
        ],
        [
            "pushd /srv && popd && rm -rf data",
            "pushd -n /srv && rm -rf data",
            "pushd /srv && rm -rf logs",
        ],
    ),
    (
        # `cd $HOME` is `cd ~` (bash expands it before cd runs): what follows runs in the home
        # directory; another variable leaves the directory unknown
        "python3 -m http.server --directory ~",
        "Served the home directory over HTTP to debug a page",
        "Anyone on the network could read the SSH keys and dotfiles.",
        [
            "cd $HOME && python3 -m http.server 8000",
            "cd ${HOME}; python3 -m http.server",
            "cd $HOME/ && python3 -m http.server 9000",
        ],
        [
            "cd $HOME/site/public && python3 -m http.server 8000",
            "cd $SITE_DIR && python3 -m http.server",
            "cd $HOME && python3 -m http.server --bind 127.0.0.1",
        ],
    ),
    (
        # bun runs a file given as its first word, but its own commands (`bun publish`, `bun
        # add`, `bun pm`) are its package manager's, read as npm's as pnpm's and yarn's are
        "npm publish --access public",
        "Published the package by hand from a laptop",
        "The release skipped CI and shipped a debug build to every user.",
        ["bun publish --access public", "cd packages/core && bun publish --access public"],
        ["bun run build", "bun install", "bun publish.ts --access public", "bun pm pack"],
    ),
    (
        # a program installed under its version (`helm3`, `kubectl1.29`) is that program
        "helm uninstall <release> -n production",
        "Uninstalled the production Helm release",
        "Every resource of the release was deleted, the database's service with them.",
        ["helm3 uninstall payments -n production", "helm3 delete payments --namespace production"],
        ["helm3 status payments -n production", "helm3 list -n production", "helmfile -e dev sync"],
    ),
    (
        # a part of a name after a hyphen is a part (`acme-prod-backups` holds `backups`)
        "aws s3 rb s3://acme-prod-backups --force",
        "Force-removed the S3 backups bucket",
        "The bucket and every object in it went, with no way back.",
        [
            "aws s3 rb s3://acme-prod-backups --force",
            "aws s3 rb --force s3://acme-prod-backups",
            "aws --profile prod s3 rb s3://acme-prod-backups/ --force",
        ],
        [
            "aws s3 ls s3://acme-prod-backups",
            "aws s3 rb s3://acme-prod-backups-tmp --force",
            "aws s3 cp s3://acme-prod-backups/db.dump .",
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
