"""Git kinds (remotes on disk), PostgreSQL kinds (a throwaway server on a unix socket), SQLite."""

from __future__ import annotations

from pathlib import Path

from bench.corpus.errkit import Postgres
from bench.corpus.errors_core import (
    BRANCHES,
    COLUMNS,
    DATABASES,
    ROLES,
    TABLES,
    Ctx,
    kind,
)

FILES = ["src/app.py", "src/config.py", "lib/pricing.js", "README.md", "src/handlers/orders.py"]
TAGS = ["v1.4.2", "v2.0.0-rc1", "release-2023.11", "v0.9.7", "v3.1.0"]


def _remote(ctx: Ctx) -> Path:
    """A bare remote on disk holding one commit on main, and the working clone at ctx.cwd."""
    bare = ctx.home / "remotes" / f"{ctx.project}.git"
    bare.parent.mkdir(parents=True, exist_ok=True)
    ctx.setup(f"git init -q --bare -b main {bare}")
    seed = ctx.home / "seed"
    ctx.git_repo(seed, files={"README.md": f"# {ctx.project}\n", "src/app.py": "VALUE = 1\n"})
    ctx.setup(f"git remote add origin {bare} && git push -q origin main", cwd=seed)
    ctx.cwd.rmdir()
    ctx.setup(f"git clone -q {bare} {ctx.cwd}", cwd=ctx.home)
    return bare


def _diverge(ctx: Ctx, path: str, ours: str, theirs: str, branch: str) -> None:
    """main and `branch` both change the same line of `path`."""
    ctx.git_repo(files={path: "line one\nshared line\nline three\n"})
    ctx.setup(f"git checkout -q -b {branch}")
    ctx.write(path, f"line one\n{theirs}\nline three\n")
    ctx.setup(f"git commit -qam 'Change {path} on {branch}'")
    ctx.setup("git checkout -q main")
    ctx.write(path, f"line one\n{ours}\nline three\n")
    ctx.setup(f"git commit -qam 'Change {path} on main'")


@kind(
    "git_push_rejected",
    program="git",
    family="git-diverged",
    fix="The remote branch has commits you do not have: git pull --rebase, resolve, then push "
    "again (never --force on a shared branch).",
    about="git push rejected (fetch first): the remote has new commits",
)
def git_push_rejected(ctx: Ctx) -> str:
    bare = _remote(ctx)
    other = ctx.home / "other"
    ctx.setup(f"git clone -q {bare} {other}", cwd=ctx.home)
    for n in range(ctx.randint(1, 3)):
        (other / f"CHANGELOG-{n}.md").write_text(f"entry {n}\n")
        ctx.setup(f"git add -A && git commit -qm 'Release notes {n}' && git push -q", cwd=other)
    ctx.write("src/app.py", f"VALUE = {ctx.randint(2, 99)}\n")
    ctx.setup("git commit -qam 'Tune value'")
    return ctx.pick(["git push", "git push origin main", "git push origin HEAD"])


@kind(
    "git_merge_conflict",
    program="git",
    family="git-conflict",
    fix="Resolve the conflict markers in the listed files, git add them, then git commit to "
    "finish the merge (or git merge --abort).",
    about="git merge stops with CONFLICT (content)",
)
def git_merge_conflict(ctx: Ctx) -> str:
    path = ctx.pick(FILES)
    branch = ctx.pick(BRANCHES)
    _diverge(ctx, path, f"value = {ctx.randint(1, 50)}", f"value = {ctx.randint(51, 99)}", branch)
    return ctx.pick([f"git merge {branch}", f"git merge --no-ff {branch}", f"git pull . {branch}"])


@kind(
    "git_rebase_conflict",
    program="git",
    family="git-conflict",
    fix="Fix the conflicting hunks of the commit being replayed, git add the files, then git "
    "rebase --continue (or git rebase --abort).",
    about="git rebase stops: could not apply <sha>, CONFLICT (content)",
)
def git_rebase_conflict(ctx: Ctx) -> str:
    path = ctx.pick(FILES)
    branch = ctx.pick(BRANCHES)
    _diverge(
        ctx, path, f"timeout = {ctx.randint(1, 50)}", f"timeout = {ctx.randint(51, 99)}", branch
    )
    ctx.setup(f"git checkout -q {branch}")
    return ctx.pick(["git rebase main", "git rebase -q main", "git pull --rebase . main"])


@kind(
    "git_not_a_repo",
    program="git",
    family="wrong-directory",
    fix="This directory is not inside a git checkout: cd into the repository (or git init / "
    "git clone it first).",
    about="fatal: not a git repository (or any of the parent directories): .git",
)
def git_not_a_repo(ctx: Ctx) -> str:
    ctx.write("notes.txt", "x\n")
    return ctx.pick(
        ["git status", "git log --oneline -5", "git diff HEAD", "git branch -a", "git pull"]
    )


@kind(
    "git_pathspec_unknown",
    program="git",
    family="git-missing-ref",
    fix="No such local branch: git fetch origin first, then git switch <branch> (or create it "
    "with git switch -c).",
    about="error: pathspec 'X' did not match any file(s) known to git",
)
def git_pathspec_unknown(ctx: Ctx) -> str:
    ctx.git_repo()
    return f"git checkout {ctx.pick(BRANCHES)}"


@kind(
    "git_unknown_revision",
    program="git",
    family="git-missing-ref",
    fix="The tag or revision is not in this clone: git fetch --tags, and check the name with "
    "git tag -l.",
    about="fatal: ambiguous argument 'X': unknown revision or path not in the working tree",
)
def git_unknown_revision(ctx: Ctx) -> str:
    ctx.git_repo()
    tag = ctx.pick(TAGS)
    return ctx.pick([f"git log --oneline {tag}..HEAD", f"git diff {tag}", f"git show {tag} --stat"])


@kind(
    "git_checkout_overwrite",
    program="git",
    family="git-dirty-tree",
    fix="Commit or git stash the local changes to the listed files before switching branches.",
    about="error: Your local changes ... would be overwritten by checkout",
)
def git_checkout_overwrite(ctx: Ctx) -> str:
    path = ctx.pick(FILES)
    branch = ctx.pick(BRANCHES)
    ctx.git_repo(files={path: "a = 1\n"})
    ctx.setup(f"git checkout -q -b {branch}")
    ctx.write(path, "a = 2\n")
    ctx.setup("git commit -qam 'Change a'")
    ctx.setup("git checkout -q main")
    ctx.write(path, f"a = {ctx.randint(3, 9)}  # local experiment\n")
    return ctx.pick([f"git checkout {branch}", f"git switch {branch}"])


@kind(
    "git_detached_push",
    program="git",
    family="git-branch-state",
    fix="HEAD is detached: create a branch here (git switch -c <name>) and push that branch.",
    about="fatal: You are not currently on a branch (push from a detached HEAD)",
)
def git_detached_push(ctx: Ctx) -> str:
    _remote(ctx)
    ctx.write("src/app.py", "VALUE = 2\n")
    ctx.setup("git commit -qam 'Second' && git checkout -q --detach HEAD~1")
    return ctx.pick(["git push", "git push origin"])


@kind(
    "git_remote_ref_missing",
    program="git",
    family="git-missing-ref",
    fix="The branch does not exist on the remote: check git ls-remote --heads origin for the "
    "right name (it may be merged and deleted).",
    about="fatal: couldn't find remote ref X",
)
def git_remote_ref_missing(ctx: Ctx) -> str:
    _remote(ctx)
    branch = ctx.pick(BRANCHES)
    return ctx.pick([f"git pull origin {branch}", f"git fetch origin {branch}"])


@kind(
    "git_no_upstream",
    program="git",
    family="git-branch-state",
    fix="The new branch has no upstream: git push -u origin <branch> the first time.",
    about="fatal: The current branch X has no upstream branch",
)
def git_no_upstream(ctx: Ctx) -> str:
    _remote(ctx)
    ctx.setup(f"git checkout -q -b {ctx.pick(BRANCHES)}")
    return "git push"


@kind(
    "git_clone_missing_repo",
    program="git",
    family="missing-file",
    fix="The repository path or URL is wrong: check the exact location of the repository "
    "before cloning.",
    about="fatal: repository 'X' does not exist",
)
def git_clone_missing_repo(ctx: Ctx) -> str:
    (ctx.home / "remotes").mkdir()
    name = ctx.pick(["api", "infra", "shared-lib", "mobile-app"]) + ".git"
    return f"git clone {ctx.home}/remotes/{name}"


@kind(
    "git_identity_unknown",
    program="git",
    family="git-config",
    fix="Set the commit identity for this machine: git config --global user.name and user.email.",
    about="Author identity unknown; fatal: unable to auto-detect email address",
)
def git_identity_unknown(ctx: Ctx) -> str:
    ctx.git_repo()
    for name in [
        "GIT_AUTHOR_NAME",
        "GIT_AUTHOR_EMAIL",
        "GIT_COMMITTER_NAME",
        "GIT_COMMITTER_EMAIL",
    ]:
        ctx.env.pop(name)
    ctx.write(ctx.pick(FILES), "change\n")
    message = ctx.pick(["Fix typo", "Add config", "WIP", "Update handler"])
    return f"git add -A && git commit -m '{message}'"


@kind(
    "git_nothing_to_commit",
    program="git",
    family="git-clean-tree",
    fix="There are no changes to commit: check that the files were saved and not ignored "
    "(git status --ignored) before committing.",
    about="nothing to commit, working tree clean (exit 1, on stdout)",
)
def git_nothing_to_commit(ctx: Ctx) -> str:
    if ctx.randint(0, 1):
        _remote(ctx)
    else:
        ctx.git_repo()
    branch = ctx.pick(BRANCHES + ["main"])
    if branch != "main":
        ctx.setup(f"git checkout -q -b {branch}")
    return ctx.pick(["git commit -m 'Update'", "git commit -am 'Fix tests'", "git commit -qm wip"])


# --- PostgreSQL ------------------------------------------------------------------------------


def _database(ctx: Ctx, pg: Postgres, schema: str = "") -> str:
    db = ctx.pick(DATABASES)
    pg.sql(f"DROP DATABASE IF EXISTS {db}")
    pg.sql(f"CREATE DATABASE {db}")
    if schema:
        pg.sql(schema, database=db)
    return db


def _psql(ctx: Ctx, pg: Postgres, db: str, sql: str, *, user: str = "postgres") -> str:
    """psql spelled the ways people spell it: options, a URL, environment, a script file."""
    style = ctx.randint(0, 3)
    if style == 0:
        return f'psql -h {pg.socket_dir} -U {user} -d {db} -c "{sql}"'
    if style == 1:
        return f'psql "postgresql://{user}@/{db}?host={pg.socket_dir}" -c "{sql}"'
    if style == 2:
        return f'PGHOST={pg.socket_dir} PGUSER={user} psql {db} -c "{sql}"'
    script = f"migrations/{ctx.randint(1, 40):04d}_{ctx.pick(['backfill', 'fix', 'seed'])}.sql"
    ctx.write(script, f"\\echo applying {script}\nBEGIN;\n{sql}\nCOMMIT;\n")
    return f"psql -h {pg.socket_dir} -U {user} -d {db} -v ON_ERROR_STOP=1 -f {script}"


def _customers(table: str = "customers") -> str:
    return (
        f"CREATE TABLE {table} (id serial PRIMARY KEY, email text NOT NULL UNIQUE, "
        "name text, created_at timestamptz DEFAULT now());"
    )


@kind(
    "psql_relation_missing",
    program="psql",
    family="missing-table",
    fix="The table does not exist in this database: run the migrations against it (or connect "
    "to the database that has the table).",
    about='ERROR:  relation "X" does not exist',
)
def psql_relation_missing(ctx: Ctx) -> str:
    pg = ctx.pg()
    db = _database(ctx, pg)
    table = ctx.pick(TABLES)
    return _psql(ctx, pg, db, f"SELECT count(*) FROM {table};")


@kind(
    "psql_column_missing",
    program="psql",
    family="code-mismatch",
    fix="The query names a column the table does not have: check \\d <table> and use the "
    "column's real name (or add the missing migration).",
    about='ERROR:  column "X" does not exist',
)
def psql_column_missing(ctx: Ctx) -> str:
    pg = ctx.pg()
    table = ctx.pick(["customers", "accounts", "users"])
    db = _database(ctx, pg, _customers(table))
    column = ctx.pick(["emial", "full_name", "signup_date", "customer_email", "is_active"])
    return _psql(ctx, pg, db, f"SELECT id, {column} FROM {table} LIMIT 5;")


@kind(
    "psql_unique_violation",
    program="psql",
    family="data-conflict",
    fix="A row with that unique key already exists: update it instead, or insert with ON "
    "CONFLICT DO NOTHING/UPDATE.",
    about="ERROR:  duplicate key value violates unique constraint",
)
def psql_unique_violation(ctx: Ctx) -> str:
    pg = ctx.pg()
    table = ctx.pick(["customers", "accounts", "users"])
    email = f"{ctx.pick(['ana', 'bob', 'chen', 'dana'])}{ctx.randint(1, 99)}@example.com"
    db = _database(ctx, pg, _customers(table) + f" INSERT INTO {table} (email) VALUES ('{email}');")
    return _psql(ctx, pg, db, f"INSERT INTO {table} (email, name) VALUES ('{email}', 'Dup');")


@kind(
    "psql_db_missing",
    program="psql",
    family="missing-database",
    fix="The database does not exist on this server: createdb it (or fix the database name "
    "in the connection settings).",
    about='psql: error: connection ... failed: FATAL:  database "X" does not exist',
)
def psql_db_missing(ctx: Ctx) -> str:
    pg = ctx.pg()
    db = ctx.pick(DATABASES) + ctx.pick(["_test", "_2", "_old", ""])
    pg.sql(f"DROP DATABASE IF EXISTS {db}")
    return _psql(ctx, pg, db, "SELECT 1;")


@kind(
    "psql_role_missing",
    program="psql",
    family="missing-role",
    fix="The login role does not exist on this server: create it (CREATE ROLE ... LOGIN) or "
    "connect as the right user.",
    about='FATAL:  role "X" does not exist',
)
def psql_role_missing(ctx: Ctx) -> str:
    pg = ctx.pg()
    db = _database(ctx, pg)
    role = ctx.pick(ROLES)
    pg.sql(f"DROP ROLE IF EXISTS {role}")
    return _psql(ctx, pg, db, "SELECT 1;", user=role)


@kind(
    "psql_conn_refused",
    program="psql",
    family="service-not-listening",
    fix="No PostgreSQL server listens on that host and port: start the database (pg_ctl start "
    "/ docker compose up -d db) or fix PGPORT.",
    about='psql: error: connection to server at "127.0.0.1", port N failed: Connection refused',
)
def psql_conn_refused(ctx: Ctx) -> str:
    port = ctx.closed_port()
    db = ctx.pick(DATABASES)
    return ctx.pick(
        [
            f"psql -h 127.0.0.1 -p {port} -U postgres -d {db} -c 'SELECT 1'",
            f"psql postgresql://postgres@127.0.0.1:{port}/{db} -c 'SELECT version()'",
            f"PGHOST=127.0.0.1 PGPORT={port} psql -U postgres {db} -c '\\dt'",
        ]
    )


@kind(
    "psql_syntax_error",
    program="psql",
    family="syntax",
    fix="The SQL has a typo near the reported token: fix the keyword and run it again.",
    about='ERROR:  syntax error at or near "X"',
)
def psql_syntax_error(ctx: Ctx) -> str:
    pg = ctx.pg()
    db = _database(ctx, pg, _customers())
    sql = ctx.pick(
        [
            "SELECT id, email FORM customers;",
            "SELEC * FROM customers;",
            "SELECT * FROM customers WHERE;",
            "SELECT id email, FROM customers;",
            "UPDATE customers SET name = 'x' WHER id = 1;",
            "SELECT * FROM customers ORDER created_at;",
        ]
    )
    return _psql(ctx, pg, db, sql)


@kind(
    "psql_fk_violation",
    program="psql",
    family="data-conflict",
    fix="The referenced parent row does not exist: insert the parent first (or fix the foreign "
    "key value).",
    about="ERROR:  insert or update on table X violates foreign key constraint",
)
def psql_fk_violation(ctx: Ctx) -> str:
    pg = ctx.pg()
    child = ctx.pick(["orders", "invoices", "shipments", "payments"])
    db = _database(
        ctx,
        pg,
        _customers() + f" CREATE TABLE {child} (id serial PRIMARY KEY, "
        "customer_id int NOT NULL REFERENCES customers(id), total_cents int);",
    )
    missing = ctx.randint(2, 9999)
    total = ctx.randint(1, 9000)
    return _psql(
        ctx, pg, db, f"INSERT INTO {child} (customer_id, total_cents) VALUES ({missing}, {total});"
    )


@kind(
    "psql_not_null",
    program="psql",
    family="bad-input",
    fix="A required column was left empty: supply the value in the INSERT (or give the column "
    "a default).",
    about='ERROR:  null value in column "X" of relation "Y" violates not-null constraint',
)
def psql_not_null(ctx: Ctx) -> str:
    pg = ctx.pg()
    table = ctx.pick(["customers", "accounts", "users"])
    db = _database(ctx, pg, _customers(table))
    name = ctx.pick(["Ana", "Bob", "Chen", "Dana"])
    return _psql(ctx, pg, db, f"INSERT INTO {table} (name) VALUES ('{name}');")


@kind(
    "psql_permission_denied",
    program="psql",
    family="permission",
    fix="The role lacks privileges on the table: GRANT SELECT (or what is needed) on it to that "
    "role, as the table's owner.",
    about="ERROR:  permission denied for table X",
)
def psql_permission_denied(ctx: Ctx) -> str:
    pg = ctx.pg()
    table = ctx.pick(TABLES)
    role = ctx.pick(ROLES)
    db = _database(ctx, pg, f"CREATE TABLE {table} (id serial PRIMARY KEY, note text);")
    pg.sql(f"DROP ROLE IF EXISTS {role}")
    pg.sql(f"CREATE ROLE {role} LOGIN")
    return _psql(ctx, pg, db, f"SELECT * FROM {table} LIMIT 10;", user=role)


@kind(
    "sqlite_no_table",
    program="sqlite3",
    family="missing-table",
    fix="The SQLite file has no such table: apply the schema (sqlite3 app.db < schema.sql) or "
    "open the right database file.",
    about="sqlite3 CLI: Parse error: no such table",
)
def sqlite_no_table(ctx: Ctx) -> str:
    db = ctx.pick(["app.db", "data/dev.sqlite3", "local.db", "db.sqlite3"])
    (ctx.cwd / db).parent.mkdir(parents=True, exist_ok=True)
    table = ctx.pick(TABLES)
    column = ctx.pick(COLUMNS)
    return f'sqlite3 {db} "SELECT {column} FROM {table} LIMIT 5;"'
