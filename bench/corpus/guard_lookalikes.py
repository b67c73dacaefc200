"""Harmless look-alikes of the development sets' anti-patterns (split `lookalikes`), for the
guard's precision on commands that resemble a reported danger without carrying it.

Every command here is harmless by its tool's own documentation and is written as a look-alike
of one anti-pattern of the `tune`/`heldout`/`dev2`/`dev3`/`dev4` sets (its id is the row's
`near`). The set reports no anti-pattern of its own: run it beside those sets
(`--guard-splits tune,heldout,dev2,dev3,dev4,lookalikes`), where every command must be allowed.
Written before the guard was run on it; a command the guard blocks stays in the set. Commands
that a development set already lists were left out, so every command here is new.

The kinds (`kind`, also the first word of `note`):
- `qualified`: the qualifying condition is present (SQL `WHERE`/`LIMIT`, a filter, a final
  snapshot, a local-only address).
- `specific`: one named thing instead of all of them.
- `safe-flag`: a flag that defuses the command (`--dry-run`, `-n`, `--check`, `--help`, `plan`,
  `--sql`, `--simulate`, `--cascade=false`...).
- `read-only`: a listing or inspecting subcommand (list/get/describe/show/status/log).
- `non-prod`: the same action on a target that is not the production one the lesson names.
- `alternative`: what the anti-pattern's `alternatives` recommend.
- `quoted`: the dangerous words only inside a string argument, a commit message, an `echo`, a
  `grep` pattern, a here-document or a comment.

    python bench/corpus/guard_lookalikes.py   # writes bench/data/guard_lookalikes_*.jsonl
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:  # run as a plain script
    sys.path.insert(0, str(REPO_ROOT))

from bench.corpus.guard_dev2 import DATA_DIR, write_jsonl  # noqa: E402

ANTI_PATTERNS_FILE = DATA_DIR / "guard_lookalikes_anti_patterns.jsonl"
COMMANDS_FILE = DATA_DIR / "guard_lookalikes_commands.jsonl"
LOOKALIKES = "lookalikes"
KINDS = ("qualified", "specific", "safe-flag", "read-only", "non-prod", "alternative", "quoted")

# (near anti-pattern id, kind, command, note)
LOOKALIKE_COMMANDS: list[tuple[str, str, str, str]] = [
    # --- git push -------------------------------------------------------------------------------
    (
        "git-force-push-main",
        "alternative",
        "git push --force-with-lease origin feature/login-form",
        "own feature branch with lease",
    ),
    (
        "git-force-push-main",
        "alternative",
        "git revert --no-edit 4f2a9c1 && git push origin main",
        "revert then normal push",
    ),
    (
        "git-force-push-main",
        "quoted",
        'git commit -m "docs: explain why we never git push --force origin main"',
        "commit message",
    ),
    (
        "d3-force-push-shared",
        "alternative",
        "git pull --rebase origin develop && git push origin develop",
        "rebase then push",
    ),
    (
        "git-delete-remote-main",
        "read-only",
        "git branch -r --merged origin/main",
        "listing merged branches",
    ),
    ("d4-git-delete-remote-tag", "read-only", "git ls-remote --tags origin", "listing remote tags"),
    ("git-push-mirror", "specific", "git push origin release/2.4", "one branch"),
    (
        "git-push-mirror",
        "non-prod",
        "git clone --mirror https://github.com/acme/app.git app-backup.git",
        "cloning a mirror",
    ),
    # --- git local history ----------------------------------------------------------------------
    ("git-reset-hard", "safe-flag", "git reset HEAD~1", "mixed reset keeps the worktree"),
    (
        "d3-git-reset-hard-upstream",
        "alternative",
        "git reset --keep origin/master",
        "keep refuses to lose changes",
    ),
    ("git-reset-hard", "specific", "git reset HEAD -- src/app.py", "unstage one file"),
    ("git-reset-hard", "read-only", "git reflog -n 10", "reflog"),
    ("git-reset-hard", "quoted", "# git reset --hard origin/main", "a comment only"),
    ("git-clean-untracked", "quoted", 'history | grep "git clean -fdx"', "grep pattern"),
    ("git-stash-clear", "specific", "git stash drop stash@{3}", "one entry"),
    ("git-stash-clear", "alternative", 'git stash push -m "wip: before rebase"', "push"),
    ("git-discard-worktree", "specific", "git checkout -- src/app/config.py", "one file"),
    ("git-discard-worktree", "read-only", "git checkout -b feature/retry", "new branch"),
    ("git-discard-worktree", "safe-flag", "git restore --staged .", "unstage only, worktree kept"),
    ("git-discard-worktree", "read-only", "git diff --stat", "diff"),
    (
        "git-commit-no-verify",
        "alternative",
        'git commit -m "fix: handle empty payload"',
        "hooks run",
    ),
    (
        "git-commit-no-verify",
        "quoted",
        'git commit -m "ci: document why --no-verify is banned"',
        "commit message",
    ),
    (
        "git-disable-ssl-verify",
        "alternative",
        "git config http.sslCAInfo /etc/ssl/certs/corp-ca.pem",
        "CA bundle",
    ),
    (
        "d3-git-filter-repo",
        "alternative",
        'git rm --cached secrets.yml && git commit -m "Stop tracking secrets.yml"',
        "remove in a new commit",
    ),
    ("d3-purge-reflog", "safe-flag", "git reflog expire --dry-run --expire=now --all", "dry run"),
    ("d3-purge-reflog", "alternative", "git bundle create ../backup.bundle --all", "bundle backup"),
    (
        "d4-prose-drop-unpushed-branch",
        "alternative",
        "git branch -d feature/merged-work",
        "refuses unmerged",
    ),
    ("commit-dotenv", "alternative", 'echo ".env" >> .gitignore', "ignore it"),
    ("commit-dotenv", "read-only", "git check-ignore -v .env", "check"),
    ("d3-commit-secrets", "specific", "git add src/config/env.ts", "a source file named env"),
    # --- files and permissions -----------------------------------------------------------------
    (
        "rm-rf-postgres-data",
        "alternative",
        "sudo systemctl stop postgresql && sudo mv /var/lib/postgresql/data /var/lib/postgresql/data.old",  # noqa: E501
        "move aside",
    ),
    (
        "rm-rf-postgres-data",
        "quoted",
        'grep -rn "rm -rf /var/lib/postgresql/data" docs/',
        "grep pattern",
    ),
    ("d3-rm-rf-glob", "specific", "rm -f *.pyc", "one extension, not recursive"),
    ("d3-rm-rf-glob", "read-only", "ls *", "listing a glob"),
    ("d3-delete-home-or-root", "specific", "rm -rf ~/.cache/pip", "one subdirectory"),
    ("d3-delete-home-or-root", "read-only", "du -sh ~/* | sort -h", "sizes"),
    (
        "d3-delete-home-or-root",
        "quoted",
        'echo "Reminder: never run rm -rf / on the build host"',
        "echo",
    ),
    ("chmod-777", "specific", "chmod 755 deploy.sh", "ordinary mode"),
    ("chmod-777", "alternative", "chmod -R g+rwX /srv/shared", "group access"),
    ("d3-chmod-777-webroot", "alternative", "chmod -R u+rwX,go+rX /var/www", "recommended mode"),
    ("chmod-777", "read-only", "stat -c '%a' /var/www", "read mode"),
    ("chmod-777", "read-only", "find /var/www -perm 777 -type f", "find files with the mode"),
    ("chmod-777", "quoted", "rg 'chmod -R 777' .", "search pattern"),
    (
        "chown-system-dirs",
        "alternative",
        "sudo chown -R deploy:deploy /srv/myapp",
        "app's own directory",
    ),
    (
        "d3-chown-recursive-etc",
        "specific",
        "sudo chown deploy /etc/myapp/config.yml",
        "one config file",
    ),
    ("chown-system-dirs", "read-only", "ls -ld /usr/local/bin", "owner"),
    ("chown-system-dirs", "read-only", "stat -c '%U:%G' /etc/passwd", "owner"),
    (
        "sed-in-place-etc",
        "non-prod",
        "sed -i 's/debug=true/debug=false/' ./config/app.ini",
        "project file",
    ),
    (
        "sed-in-place-etc",
        "safe-flag",
        "sed 's/PermitRootLogin yes/PermitRootLogin no/' /etc/ssh/sshd_config | diff /etc/ssh/sshd_config -",  # noqa: E501
        "no -i, diff only",
    ),
    (
        "sed-in-place-etc",
        "alternative",
        "cp /etc/nginx/nginx.conf /tmp/nginx.conf && sed -i 's/worker_processes 1/worker_processes auto/' /tmp/nginx.conf",  # noqa: E501
        "edit a copy",
    ),
    ("sed-in-place-etc", "read-only", "sed -n '1,20p' /etc/hosts", "print lines"),
    (
        "d3-overwrite-system-config",
        "alternative",
        'echo "10.0.0.5 db.internal" | sudo tee -a /etc/hosts',
        "append",
    ),
    ("d3-overwrite-system-config", "alternative", "sudo cp /etc/hosts /etc/hosts.bak", "backup"),
    (
        "d3-overwrite-system-config",
        "non-prod",
        'echo "nameserver 1.1.1.1" > ./resolv.conf.test',
        "local file",
    ),
    ("d3-overwrite-system-config", "read-only", "cat /etc/resolv.conf", "read"),
    ("d4-tar-extract-over-root", "read-only", "tar -tzf etc-backup.tar.gz", "list the archive"),
    (
        "d4-tar-extract-over-root",
        "alternative",
        "mkdir -p /tmp/restore && tar -xzpf etc-backup.tar.gz -C /tmp/restore",
        "scratch directory",
    ),
    (
        "d4-tar-extract-over-root",
        "safe-flag",
        "tar -czf etc-backup.tar.gz -C / etc",
        "create, not extract",
    ),
    (
        "d4-repoint-system-python",
        "non-prod",
        "sudo ln -sf /opt/tools/bin/mytool /usr/local/bin/mytool",
        "a local tool link",
    ),
    ("d4-repoint-system-python", "alternative", "python3.12 -m venv .venv", "venv"),
    # --- shell piping and TLS -------------------------------------------------------------------
    (
        "curl-pipe-shell",
        "alternative",
        "curl -fsSL https://install.acme-tools.io -o install.sh",
        "download to a file",
    ),
    (
        "curl-pipe-shell",
        "read-only",
        "curl -fsSL https://get.docker.com | head -n 40",
        "pipe into head",
    ),
    (
        "curl-pipe-shell",
        "read-only",
        "curl -fsSL https://example.com/install.sh | less",
        "pipe into a pager",
    ),
    (
        "d3-curl-pipe-shell",
        "read-only",
        "curl -sS https://api.github.com/repos/acme/tool/releases/latest | jq -r .tag_name",
        "pipe into jq",
    ),
    ("d3-curl-pipe-shell", "alternative", "shellcheck install.sh", "read the script"),
    (
        "curl-insecure-tls",
        "alternative",
        "curl --cacert /etc/ssl/certs/internal-ca.pem https://api.internal/health",
        "CA",
    ),
    ("curl-insecure-tls", "read-only", "curl -I https://example.com", "head request"),
    (
        "d3-disable-tls-verification",
        "read-only",
        "openssl s_client -connect api.internal:443 -showcerts </dev/null",
        "inspect chain",
    ),
    (
        "d3-disable-tls-verification",
        "alternative",
        "wget --ca-certificate=ca.pem https://repo.internal/pkg.tar.gz",
        "CA",
    ),
    (
        "ssh-no-host-key-check",
        "alternative",
        "ssh-keyscan github.com | ssh-keygen -lf -",
        "fingerprint",
    ),
    (
        "ssh-no-host-key-check",
        "safe-flag",
        "ssh -o StrictHostKeyChecking=yes deploy@10.0.0.5 uptime",
        "strict on",
    ),
    ("ssh-no-host-key-check", "read-only", "grep StrictHostKeyChecking ~/.ssh/config", "grep"),
    (
        "d4-prose-password-on-command-line",
        "alternative",
        "curl -u admin https://admin.internal/api/status",
        "curl prompts",
    ),
    (
        "d4-prose-password-on-command-line",
        "alternative",
        "curl --netrc https://admin.internal/api/status",
        "netrc",
    ),
    # --- SQL --------------------------------------------------------------------------------------
    ("sql-drop-table", "read-only", 'psql -c "SELECT count(*) FROM users;"', "select"),
    ("sql-drop-table", "read-only", 'psql -c "\\dt"', "list tables"),
    (
        "sql-drop-table",
        "alternative",
        'psql -c "ALTER TABLE orders RENAME TO orders_old;"',
        "rename first",
    ),
    (
        "sql-drop-table",
        "quoted",
        "psql -c \"SELECT note FROM runbook WHERE note ILIKE '%drop table%';\"",
        "SQL string literal",
    ),
    ("sql-drop-table", "read-only", "pg_dump -t orders -f orders.sql mydb", "dump one table"),
    (
        "sql-delete-without-where",
        "qualified",
        'psql -c "DELETE FROM cart_items WHERE cart_id = 42;"',
        "WHERE id",
    ),
    (
        "sql-delete-without-where",
        "alternative",
        "psql -c \"BEGIN; DELETE FROM jobs WHERE status = 'done'; ROLLBACK;\"",
        "transaction, rolled back",
    ),
    (
        "sql-delete-without-where",
        "alternative",
        'psql -c "SELECT count(*) FROM sessions WHERE expires_at < now();"',
        "count first",
    ),
    ("sql-delete-without-where", "quoted", "echo 'DELETE FROM users;' | wc -c", "SQL in echo"),
    (
        "d3-mysql-delete-all-rows",
        "qualified",
        'mysql -e "DELETE FROM audit_log WHERE created_at < NOW() - INTERVAL 90 DAY LIMIT 1000" app',  # noqa: E501
        "WHERE and LIMIT",
    ),
    (
        "d3-mysql-delete-all-rows",
        "qualified",
        "sqlite3 app.db \"DELETE FROM cache WHERE key = 'home';\"",
        "sqlite with WHERE",
    ),
    ("mysql-truncate", "read-only", 'mysql -e "SHOW TABLES" analytics', "show"),
    (
        "mysql-truncate",
        "qualified",
        'mysql -e "DELETE FROM events WHERE id = 1234" analytics',
        "one row",
    ),
    ("mysql-truncate", "qualified", 'mysql -e "SELECT * FROM events LIMIT 10" analytics', "LIMIT"),
    (
        "d4-mysql-update-without-where",
        "qualified",
        'mysql -u root -p app -e "UPDATE users SET active = 0 WHERE id = 17"',
        "WHERE",
    ),
    (
        "d4-mysql-update-without-where",
        "qualified",
        "mysql -u app -p app -e \"UPDATE settings SET value = 'on' WHERE name = 'maintenance' LIMIT 1\"",  # noqa: E501
        "WHERE and LIMIT",
    ),
    (
        "d4-mysql-update-without-where",
        "alternative",
        "mysql --safe-updates -u root -p app -e \"SELECT id FROM users WHERE email LIKE '%@example.com'\"",  # noqa: E501
        "select first",
    ),
    ("d3-psql-drop-database", "alternative", "pg_dump -Fc app > app.dump", "dump"),
    ("drop-database", "alternative", "createdb app_test", "create"),
    ("drop-database", "safe-flag", "dropdb --help", "help"),
    (
        "sql-grant-all-wildcard",
        "specific",
        "mysql -e \"GRANT SELECT, INSERT ON shop.* TO 'app'@'10.0.%'\"",
        "one schema, some privileges",
    ),
    (
        "d4-pg-terminate-all-backends",
        "specific",
        'psql -c "SELECT pg_cancel_backend(12345)"',
        "cancel one pid",
    ),
    (
        "d4-pg-terminate-all-backends",
        "read-only",
        "psql -c \"SELECT pid, wait_event, query FROM pg_stat_activity WHERE datname = 'app'\"",
        "inspect",
    ),
    (
        "d4-pg-terminate-all-backends",
        "alternative",
        "psql -c \"ALTER ROLE app SET statement_timeout = '30s'\"",
        "statement timeout",
    ),
    (
        "modify-prod-db-directly",
        "non-prod",
        "psql -h db.dev.internal -d app_dev -c \"UPDATE feature_flags SET enabled = true WHERE name = 'beta'\"",  # noqa: E501
        "dev database",
    ),
    (
        "modify-prod-db-directly",
        "read-only",
        'psql -h prod-db.internal -d app -c "SELECT count(*) FROM orders"',
        "read production",
    ),
    (
        "sigkill-postgres",
        "alternative",
        "pg_ctl stop -m fast -D /var/lib/postgresql/16/main",
        "fast stop",
    ),
    # --- document stores, caches, queues -------------------------------------------------------
    (
        "mongo-drop-database",
        "read-only",
        'mongosh --eval "db.getCollectionNames()"',
        "list collections",
    ),
    ("d3-mongo-drop-database", "alternative", "mongodump --db shop --out ./dump", "dump"),
    (
        "d4-mongo-deletemany-empty-filter",
        "read-only",
        "mongosh shop --eval 'db.orders.countDocuments({status: \"cancelled\"})'",
        "count",
    ),
    (
        "d4-mongo-deletemany-empty-filter",
        "qualified",
        'mongosh "$MONGO_URL" --eval \'db.orders.deleteMany({status: "cancelled", createdAt: {$lt: ISODate("2023-01-01")}})\'',  # noqa: E501
        "selective filter",
    ),
    (
        "d4-mongo-deletemany-empty-filter",
        "specific",
        "mongosh shop --eval 'db.orders.deleteOne({_id: ObjectId(\"65a1f0c2e4b0a1b2c3d4e5f6\")})'",
        "one document",
    ),
    ("redis-flushall", "read-only", "redis-cli --scan --pattern 'myapp:tmp:*'", "scan only"),
    ("redis-flushall", "specific", "redis-cli UNLINK myapp:cache:homepage", "one key"),
    ("d3-redis-flushall", "read-only", "redis-cli -n 15 DBSIZE", "size"),
    (
        "d4-redis-delete-by-pattern",
        "read-only",
        "redis-cli -h cache.internal --scan --pattern 'session:*' | head -20",
        "peek",
    ),
    (
        "d4-redis-delete-by-pattern",
        "alternative",
        "redis-cli -h cache.internal EXPIRE session:9f2c 3600",
        "TTL",
    ),
    (
        "d4-redis-delete-by-pattern",
        "specific",
        "redis-cli -h cache.internal DEL session:9f2c",
        "one named key",
    ),
    (
        "d4-es-delete-all-indices",
        "read-only",
        "curl -X GET 'http://search.internal:9200/_cat/indices?v'",
        "list",
    ),
    (
        "d4-es-delete-all-indices",
        "specific",
        "curl -X DELETE 'http://search.internal:9200/logs-2023.01.01'",
        "one named index",
    ),
    (
        "d4-es-delete-all-indices",
        "read-only",
        "curl 'http://search.internal:9200/_all/_settings'",
        "GET on _all",
    ),
    (
        "d4-kafka-delete-topic",
        "read-only",
        "kafka-topics.sh --bootstrap-server $BROKER --list",
        "list",
    ),
    (
        "d4-kafka-delete-topic",
        "read-only",
        "kafka-topics.sh --bootstrap-server $BROKER --describe --topic $TOPIC",
        "describe",
    ),
    # --- migrations and frameworks --------------------------------------------------------------
    ("django-flush", "safe-flag", "python manage.py flush --help", "help"),
    ("django-flush", "read-only", "python manage.py dumpdata auth.user --indent 2", "dump"),
    ("alembic-downgrade-base", "read-only", "alembic history", "history"),
    (
        "alembic-downgrade-base",
        "safe-flag",
        "alembic downgrade base --sql",
        "offline mode prints SQL",
    ),
    (
        "d3-reset-database",
        "safe-flag",
        "python manage.py makemigrations --check --dry-run",
        "check",
    ),
    ("d3-reset-database", "read-only", "python manage.py sqlmigrate orders 0007", "print SQL"),
    (
        "d3-reset-database",
        "alternative",
        "pg_restore -d scratch_restore app.dump",
        "scratch database",
    ),
    (
        "d4-flyway-clean",
        "alternative",
        "flyway -url=jdbc:postgresql://db.staging:5432/app migrate",
        "migrate",
    ),
    (
        "d4-flyway-clean",
        "read-only",
        "flyway -url=jdbc:postgresql://localhost:5432/app validate",
        "validate",
    ),
    (
        "d4-prisma-accept-data-loss",
        "alternative",
        "npx prisma migrate dev --name add-index",
        "migrate dev",
    ),
    ("d4-prose-rails-schema-load-prod", "read-only", "bin/rails db:migrate:status", "status"),
    # --- package managers -----------------------------------------------------------------------
    ("sudo-pip-install", "alternative", "pipx install httpie", "pipx"),
    ("pip-break-system-packages", "safe-flag", "pip install --dry-run pandas", "dry run"),
    ("pip-break-system-packages", "alternative", "uv pip install pandas", "uv in a venv"),
    (
        "pip-trusted-host",
        "alternative",
        "pip install --cert /etc/ssl/certs/corp-ca.pem --index-url https://pypi.corp.example/simple requests",  # noqa: E501
        "CA and HTTPS index",
    ),
    (
        "d3-pip-untrusted-index",
        "alternative",
        "pip install --require-hashes -r requirements.txt",
        "hashes",
    ),
    (
        "d3-pip-untrusted-index",
        "specific",
        "pip install --index-url https://pypi.org/simple requests",
        "the public index",
    ),
    ("d3-sudo-npm-global", "read-only", "sudo npm ls -g --depth=0", "list with sudo"),
    ("d3-sudo-npm-global", "read-only", "npm config get prefix", "config"),
    ("npm-audit-fix-force", "safe-flag", "npm audit fix --force --dry-run", "dry run"),
    (
        "npm-unpublish",
        "alternative",
        'npm deprecate acme-utils@1.2.3 "Critical bug, use 1.2.4"',
        "deprecate",
    ),
    ("npm-unpublish", "read-only", "npm view acme-utils versions", "view"),
    ("d3-npm-publish", "safe-flag", "npm pack --dry-run", "pack dry run"),
    ("cargo-publish-dirty", "read-only", "cargo package --list", "list"),
    ("d4-yank-released-version", "read-only", "gem list acme", "list"),
    ("d4-yank-released-version", "alternative", "gem build acme.gemspec", "build a fixed version"),
    ("apt-remove-python3", "alternative", "sudo apt-get install python3.12-venv", "install beside"),
    ("apt-remove-python3", "safe-flag", "sudo apt-get remove --simulate python3", "simulate"),
    ("apt-remove-python3", "specific", "sudo apt-get remove python3-pytest", "another package"),
    (
        "d4-prose-gosumdb-off",
        "alternative",
        "GOPRIVATE=git.acme.internal/* go get git.acme.internal/platform/lib@v1.4.0",
        "GOPRIVATE",
    ),
    ("d4-prose-npx-unvetted-package", "read-only", "npm view some-cli", "check the registry"),
    # --- containers ------------------------------------------------------------------------------
    ("d3-wipe-docker-volumes", "specific", "docker volume rm myproject_pgdata", "one named volume"),
    ("docker-prune-volumes", "safe-flag", "docker system prune --help", "help"),
    ("compose-down-volumes", "alternative", "docker compose restart web", "restart"),
    ("compose-down-volumes", "read-only", "docker compose ps", "list"),
    ("compose-down-volumes", "read-only", "docker compose logs -f --tail=100 api", "logs"),
    ("docker-rm-all-containers", "specific", "docker rm web-old", "one container"),
    (
        "docker-rm-all-containers",
        "qualified",
        "docker rm $(docker ps -aq --filter status=exited --filter label=com.docker.compose.project=myapp)",  # noqa: E501
        "own project's stopped containers",
    ),
    ("d4-docker-rmi-all", "read-only", "docker images -aq | wc -l", "count"),
    ("d4-docker-rmi-all", "specific", "docker rmi myapp:old-build", "one tag"),
    (
        "docker-run-privileged",
        "alternative",
        "docker run --rm --cap-add=NET_ADMIN nicolaka/netshoot ip a",
        "one capability",
    ),
    (
        "docker-run-privileged",
        "read-only",
        "docker inspect --format '{{.HostConfig.Privileged}}' web",
        "inspect",
    ),
    (
        "docker-run-privileged",
        "quoted",
        'docker run --rm alpine echo "--privileged is not needed"',
        "echo inside the container",
    ),
    (
        "docker-mount-host-root",
        "alternative",
        'docker run --rm -v "$PWD":/work -w /work python:3.12 python -m pytest',
        "project directory",
    ),
    (
        "d3-docker-privileged-host-root",
        "alternative",
        'docker run --rm -v "$PWD/data":/data:ro alpine ls /data',
        "read-only mount",
    ),
    ("d4-docker-socket-mount", "read-only", "ls -l /var/run/docker.sock", "look at the socket"),
    (
        "docker-login-password-argv",
        "alternative",
        "docker login -u ci-bot --password-stdin ghcr.io < token.txt",
        "stdin",
    ),
    (
        "d4-db-container-open-no-auth",
        "read-only",
        "docker run --rm postgres:16 postgres --version",
        "version",
    ),
    ("d4-prose-restart-docker-daemon", "specific", "docker restart my-api", "own container"),
    # --- Kubernetes and Helm ---------------------------------------------------------------------
    (
        "kubectl-delete-namespace",
        "specific",
        "kubectl delete pod web-7d9f8-abcde -n staging",
        "one pod",
    ),
    (
        "d3-kubectl-delete-namespace",
        "alternative",
        "kubectl create namespace preview-pr-142",
        "create",
    ),
    ("kubectl-delete-namespace", "safe-flag", "kubectl delete namespace --help", "help"),
    ("kubectl-delete-all-pvc", "read-only", "kubectl get pvc -A", "list"),
    (
        "kubectl-delete-all-pvc",
        "specific",
        "kubectl delete pvc data-test-runner-0 -n ci",
        "one claim",
    ),
    (
        "kubectl-delete-all-pvc",
        "alternative",
        'kubectl patch pv pvc-1234 -p \'{"spec":{"persistentVolumeReclaimPolicy":"Retain"}}\'',
        "retain",
    ),
    (
        "d3-kubectl-delete-all",
        "safe-flag",
        "kubectl delete pods --all -n ci --dry-run=client -o name",
        "dry run lists names",
    ),
    (
        "d3-kubectl-delete-all",
        "read-only",
        "kubectl get pods -l app=batch-job -n ci",
        "get with selector",
    ),
    (
        "kubectl-scale-prod-zero",
        "non-prod",
        "kubectl scale deployment web --replicas=0 -n staging",
        "staging",
    ),
    (
        "kubectl-scale-prod-zero",
        "specific",
        "kubectl scale deployment web --replicas=3 -n production",
        "scale up",
    ),
    (
        "kubectl-scale-prod-zero",
        "read-only",
        "kubectl rollout status deployment/web -n production",
        "status",
    ),
    ("helm-uninstall-prod", "read-only", "helm history payments -n production", "history"),
    ("helm-uninstall-prod", "alternative", "helm rollback payments 41 -n production", "rollback"),
    (
        "d3-helm-uninstall",
        "safe-flag",
        "helm uninstall payments -n production --dry-run",
        "dry run",
    ),
    (
        "kubectl-decode-secret",
        "read-only",
        "kubectl describe secret db-credentials -n app",
        "sizes only",
    ),
    ("kubectl-decode-secret", "read-only", "kubectl get secrets -n app", "list"),
    (
        "kubectl-decode-secret",
        "read-only",
        "kubectl get secret db-credentials -n app -o jsonpath='{.data}' | jq 'keys'",
        "key names only",
    ),
    ("d4-kubectl-drain-force", "alternative", "kubectl cordon ip-10-0-3-17.ec2.internal", "cordon"),
    (
        "d4-kubectl-drain-force",
        "safe-flag",
        "kubectl drain ip-10-0-3-17.ec2.internal --ignore-daemonsets --dry-run=server",
        "server dry run",
    ),
    ("d4-kubectl-drain-force", "read-only", "kubectl get pdb -A", "list"),
    (
        "d4-kubectl-delete-crd",
        "read-only",
        "kubectl describe crd certificates.cert-manager.io",
        "describe",
    ),
    (
        "d4-kubectl-delete-crd",
        "specific",
        "kubectl delete certificate web-tls -n staging",
        "one resource",
    ),
    (
        "d4-prose-port-forward-all-interfaces",
        "qualified",
        "kubectl port-forward svc/postgres 5432:5432 -n production",
        "loopback by default",
    ),
    (
        "d4-prose-port-forward-all-interfaces",
        "qualified",
        "kubectl port-forward --address 127.0.0.1 svc/postgres 5432:5432 -n production",
        "explicit loopback",
    ),
    ("d4-prose-argocd-cascade-delete", "alternative", "argocd app sync payments", "sync"),
    (
        "d4-prose-argocd-cascade-delete",
        "safe-flag",
        "argocd app delete payments --cascade=false",
        "no cascade",
    ),
    # --- infrastructure as code ------------------------------------------------------------------
    ("terraform-destroy-auto-approve", "read-only", "terraform show destroy.tfplan", "show"),
    ("terraform-destroy-auto-approve", "safe-flag", "terraform destroy --help", "help"),
    (
        "d3-terraform-apply-auto-approve",
        "alternative",
        "terraform plan -out=tfplan -var-file=prod.tfvars",
        "plan",
    ),
    (
        "d3-terraform-apply-auto-approve",
        "alternative",
        "terraform apply tfplan",
        "apply the reviewed plan",
    ),
    ("d3-terraform-apply-auto-approve", "safe-flag", "terraform fmt -check -diff", "format check"),
    ("d3-terraform-state-rm", "read-only", "terraform state pull > state-backup.json", "backup"),
    (
        "d4-terraform-force-unlock",
        "alternative",
        "terraform plan -lock-timeout=10m",
        "wait for the lock",
    ),
    (
        "d4-cloudformation-delete-stack",
        "read-only",
        "aws cloudformation describe-stacks --stack-name ${STACK_NAME}",
        "describe",
    ),
    (
        "d4-cloudformation-delete-stack",
        "alternative",
        "aws cloudformation update-termination-protection --enable-termination-protection --stack-name ${STACK_NAME}",  # noqa: E501
        "protection",
    ),
    (
        "d4-cloudformation-delete-stack",
        "alternative",
        "aws cloudformation create-change-set --stack-name ${STACK_NAME} --change-set-name fix-1 --template-body file://template.yaml",  # noqa: E501
        "change set",
    ),
    # --- cloud ------------------------------------------------------------------------------------
    ("gcloud-delete-project", "read-only", "gcloud projects get-iam-policy acme-prod-3", "read"),
    ("gcloud-delete-project", "safe-flag", "gcloud help projects delete", "help"),
    (
        "d4-delete-kubernetes-cluster",
        "read-only",
        "gcloud container clusters describe main --zone europe-west1-b",
        "describe",
    ),
    (
        "d4-delete-kubernetes-cluster",
        "alternative",
        "gcloud container clusters resize main --node-pool default-pool --num-nodes 1 --zone europe-west1-b",  # noqa: E501
        "scale the pool",
    ),
    (
        "aws-terminate-instances",
        "safe-flag",
        "aws ec2 terminate-instances --instance-ids i-0abc123def4567890 --dry-run",
        "dry run",
    ),
    (
        "aws-terminate-instances",
        "alternative",
        "aws autoscaling set-desired-capacity --auto-scaling-group-name web-asg --desired-capacity 2",  # noqa: E501
        "scale the group",
    ),
    ("az-group-delete", "read-only", "az group show --name rg-sandbox-42", "show"),
    (
        "az-group-delete",
        "alternative",
        "az group lock create --name no-delete --resource-group rg-prod --lock-type CanNotDelete",
        "lock",
    ),
    (
        "d3-aws-s3-rm-recursive",
        "specific",
        "aws s3 rm s3://acme-scratch/tmp/report-2024-05.csv",
        "one object",
    ),
    ("s3-public-acl", "read-only", "aws s3api get-bucket-acl --bucket acme-assets", "read"),
    (
        "s3-public-acl",
        "specific",
        "aws s3api put-bucket-acl --bucket acme-assets --acl private",
        "private",
    ),
    (
        "s3-public-acl",
        "alternative",
        "aws s3 presign s3://acme-assets/report.pdf --expires-in 3600",
        "presign",
    ),
    (
        "d3-s3-public-acl",
        "alternative",
        "aws s3api put-public-access-block --bucket acme-assets --public-access-block-configuration BlockPublicAcls=true,IgnorePublicAcls=true,BlockPublicPolicy=true,RestrictPublicBuckets=true",  # noqa: E501
        "block public",
    ),
    ("d3-gsutil-rm-bucket", "read-only", "gsutil ls -r gs://acme-backups", "list"),
    ("d3-gsutil-rm-bucket", "read-only", "gsutil du -s gs://acme-backups", "size"),
    (
        "d3-gsutil-rm-bucket",
        "specific",
        "gsutil rm gs://acme-scratch/tmp/export-1.csv",
        "one object",
    ),
    ("d3-gcs-all-users", "read-only", "gsutil iam get gs://acme-assets", "read"),
    (
        "d3-gcs-all-users",
        "alternative",
        "gsutil signurl -d 1h key.json gs://acme-assets/report.pdf",
        "signed URL",
    ),
    (
        "d3-gcs-all-users",
        "alternative",
        "gsutil iam ch serviceAccount:builder@acme.iam.gserviceaccount.com:objectViewer gs://acme-assets",
        "named account",
    ),
    (
        "iam-admin-policy",
        "read-only",
        "aws iam list-attached-role-policies --role-name ci-deployer",
        "list",
    ),
    (
        "iam-admin-policy",
        "read-only",
        "aws iam get-policy --policy-arn arn:aws:iam::aws:policy/AdministratorAccess",
        "read the policy",
    ),
    (
        "iam-admin-policy",
        "alternative",
        "aws iam attach-role-policy --role-name ci-deployer --policy-arn arn:aws:iam::123456789012:policy/ci-deployer-s3-write",  # noqa: E501
        "scoped policy",
    ),
    ("d4-kms-key-deletion", "read-only", "aws kms list-keys", "list"),
    (
        "d4-rds-delete-skip-snapshot",
        "read-only",
        "aws rds describe-db-instances --db-instance-identifier app-prod",
        "describe",
    ),
    (
        "d4-rds-delete-skip-snapshot",
        "alternative",
        "aws rds create-db-snapshot --db-instance-identifier app-prod --db-snapshot-identifier app-prod-final-2024",  # noqa: E501
        "snapshot",
    ),
    (
        "d4-rds-delete-skip-snapshot",
        "qualified",
        "aws rds delete-db-instance --db-instance-identifier app-dev-42 --final-db-snapshot-identifier app-dev-42-final",  # noqa: E501
        "with a final snapshot",
    ),
    (
        "d4-vault-metadata-delete",
        "alternative",
        "vault kv delete secret/payments/dev",
        "soft delete",
    ),
    (
        "d4-vault-metadata-delete",
        "alternative",
        "vault kv undelete -versions=3 secret/payments/dev",
        "undelete",
    ),
    (
        "d3-open-admin-port-world",
        "qualified",
        "aws ec2 authorize-security-group-ingress --group-id sg-0123 --protocol tcp --port 22 --cidr 203.0.113.7/32",  # noqa: E501
        "one /32",
    ),
    (
        "d3-open-admin-port-world",
        "specific",
        "aws ec2 authorize-security-group-ingress --group-id sg-0123 --protocol tcp --port 443 --cidr 0.0.0.0/0",  # noqa: E501
        "HTTPS to the world",
    ),
    (
        "d3-open-admin-port-world",
        "read-only",
        "aws ec2 describe-security-groups --group-ids sg-0123",
        "describe",
    ),
    ("d4-prose-delete-log-group", "read-only", "aws logs describe-log-groups", "describe"),
    (
        "d4-prose-delete-log-group",
        "alternative",
        "aws logs put-retention-policy --log-group-name /aws/lambda/payments --retention-in-days 90",  # noqa: E501
        "retention",
    ),
    # --- GitHub CLI and hosting -------------------------------------------------------------------
    ("gh-repo-delete", "alternative", "gh repo archive acme/old-service --yes", "archive"),
    ("gh-repo-delete", "read-only", "gh repo view acme/app", "view"),
    (
        "d4-gh-repo-make-public",
        "specific",
        'gh repo edit acme/app --description "Payments API"',
        "other field",
    ),
    ("d4-gh-repo-make-public", "specific", "gh repo edit acme/app --visibility private", "private"),
    ("d4-gh-release-delete", "read-only", "gh release list", "list"),
    ("d4-gh-release-delete", "alternative", "gh release edit v2.4.0 --prerelease", "pre-release"),
    ("d4-prose-disable-ci-workflow", "read-only", "gh workflow list", "list"),
    ("d4-prose-disable-ci-workflow", "alternative", "gh run rerun 123456 --failed", "re-run"),
    ("d4-prose-deploy-prod-from-laptop", "non-prod", "vercel deploy", "preview deploy"),
    ("d4-prose-deploy-prod-from-laptop", "alternative", "gh pr create --fill", "pull request"),
    (
        "d4-prose-serve-home-directory",
        "qualified",
        "python3 -m http.server 8000 --bind 127.0.0.1 --directory ./share",
        "loopback, one directory",
    ),
    (
        "d4-prose-serve-home-directory",
        "alternative",
        "scp dist/app.tar.gz deploy@build-2:/tmp/",
        "copy the file",
    ),
    (
        "d4-prose-overwrite-authorized-keys",
        "alternative",
        "ssh-copy-id deploy@build-2",
        "ssh-copy-id",
    ),
    (
        "d4-prose-overwrite-authorized-keys",
        "alternative",
        "cat id_ed25519.pub | ssh deploy@build-2 'cat >> ~/.ssh/authorized_keys'",
        "append",
    ),
    # --- system administration -------------------------------------------------------------------
    ("disable-firewall", "alternative", "sudo ufw allow 5432/tcp", "allow one port"),
    ("disable-firewall", "read-only", "sudo firewall-cmd --list-all", "list"),
    ("d3-iptables-flush", "alternative", "sudo iptables-save > /root/iptables.backup", "backup"),
    (
        "dd-to-block-device",
        "alternative",
        "dd if=/dev/zero of=./disk.img bs=1M count=100",
        "to a file",
    ),
    (
        "d3-dd-to-disk",
        "read-only",
        "sudo dd if=/dev/sda of=./mbr.bin bs=512 count=1",
        "read a device into a file",
    ),
    ("mkfs-on-device", "safe-flag", "sudo fsck -n /dev/sdb1", "read-only check"),
    (
        "mkfs-on-device",
        "quoted",
        "cat <<'EOF' > NOTES.md\nNever run mkfs.ext4 on /dev/sdb1 while it is mounted\nEOF",
        "here-document",
    ),
    (
        "crontab-remove",
        "quoted",
        'gh issue create --title "crontab -r wiped the jobs" --body "See incident 42"',
        "issue title",
    ),
    (
        "setenforce-permissive",
        "alternative",
        "sudo setsebool -P httpd_can_network_connect 1",
        "boolean",
    ),
    ("passwd-delete-root", "read-only", "sudo chage -l root", "ageing"),
    ("reboot-shared-host", "safe-flag", "sudo shutdown -c", "cancel a scheduled shutdown"),
    ("reboot-shared-host", "read-only", "last reboot", "history"),
    (
        "truncate-system-logs",
        "safe-flag",
        "sudo logrotate -d /etc/logrotate.conf",
        "debug mode changes nothing",
    ),
    ("truncate-system-logs", "read-only", "du -sh /var/log/* | sort -h", "sizes"),
    ("truncate-system-logs", "read-only", "tail -n 100 /var/log/syslog", "read"),
    ("truncate-system-logs", "non-prod", "truncate -s 0 ./logs/test-run.log", "project log"),
    (
        "d4-usermod-groups-no-append",
        "alternative",
        "sudo usermod -a -G docker,adm deploy",
        "append, split flags",
    ),
    ("d3-kill-everything", "read-only", "lsof -i :3000", "find the process"),
    ("d3-kill-everything", "alternative", "fuser -k 3000/tcp", "the port's process"),
    ("d3-kill-everything", "alternative", "kill $(lsof -t -i :3000)", "that PID"),
    ("d3-kill-everything", "read-only", "ps aux --sort=-%mem", "list"),
    (
        "d3-skip-tests",
        "alternative",
        "pytest tests/test_parser.py::test_empty -x",
        "run the failing test",
    ),
    ("d3-skip-tests", "quoted", 'grep -rn "@pytest.mark.skip" tests/', "grep pattern"),
    ("d4-prose-unmount-live-data", "specific", "sudo umount /mnt/usb-backup", "an unrelated mount"),
    ("print-secret-env", "alternative", 'test -n "$AWS_SECRET_ACCESS_KEY" && echo set', "test -n"),
    ("print-secret-env", "alternative", 'echo "${#DATABASE_PASSWORD}"', "length"),
    ("d3-print-secrets", "read-only", "printenv | cut -d= -f1 | sort", "names only"),
    ("d3-print-secrets", "alternative", "sha256sum .env", "hash"),
    # --- dangerous words only as text ------------------------------------------------------------
    (
        "d3-kubectl-delete-namespace",
        "quoted",
        "printf '%s\\n' \"kubectl delete namespace production is forbidden\"",
        "printf",
    ),
    (
        "docker-prune-volumes",
        "quoted",
        'echo "docker system prune -a --volumes" >> docs/dangerous-commands.txt',
        "echo into a doc",
    ),
    ("redis-flushall", "quoted", 'grep -c "redis-cli FLUSHALL" audit.log', "grep pattern"),
    (
        "terraform-destroy-auto-approve",
        "quoted",
        'git commit -m "Block terraform destroy -auto-approve in CI"',
        "commit message",
    ),
    ("d3-psql-drop-database", "quoted", 'grep -rn "DROP DATABASE" docs/runbooks/', "grep pattern"),
    (
        "git-force-push-main",
        "quoted",
        "python3 -c \"print('git push --force origin main is blocked')\"",
        "string in python -c print",
    ),
    (
        "docker-run-privileged",
        "quoted",
        'git tag -a v2.5.0 -m "Remove the docker run --privileged example"',
        "tag message",
    ),
    ("d3-rm-rf-glob", "quoted", "ls -la  # rm -rf * later", "trailing comment"),
    ("git-force-push-main", "quoted", 'git log --grep="force push"', "log search"),
    ("dd-to-block-device", "quoted", "man dd", "manual page"),
]


def records() -> tuple[list[dict], list[dict]]:
    """No anti-patterns of its own; every command is harmless (`expect: allow`)."""
    commands: list[dict] = []
    seen: set[str] = set()
    for n, (near, kind, command, note) in enumerate(LOOKALIKE_COMMANDS, start=1):
        if kind not in KINDS:
            raise ValueError(f"unknown kind {kind!r} for {command!r}")
        if command in seen:
            raise ValueError(f"duplicate command: {command}")
        seen.add(command)
        commands.append(
            {
                "id": f"lookalike/{n}",
                "split": LOOKALIKES,
                "command": command,
                "expect": "allow",
                "anti_pattern": None,
                "near": near,
                "kind": kind,
                "note": f"{kind}: {note}",
            }
        )
    return [], commands


def main() -> int:
    anti_patterns, commands = records()
    write_jsonl(ANTI_PATTERNS_FILE, anti_patterns)
    write_jsonl(COMMANDS_FILE, commands)
    kinds = {k: sum(c["kind"] == k for c in commands) for k in KINDS}
    print(f"lookalikes: harmless {len(commands)} {kinds}; wrote {COMMANDS_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
