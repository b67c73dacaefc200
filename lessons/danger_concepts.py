"""Dangerous operations agents describe in words, and the commands that perform them: data,
read by `lessons.prose_triggers`.

Written from the tools' documentation and common operational practice, not from any report: each
concept names the words a sentence uses for it (every group must be named: a group is a set of
stems or phrases, any one of which counts) and the commands that do it, as command lines (`<any>`
stands for any value; `{target}` for what the sentence names — a process, a service, a path or a
branch) or as patterns (`lessons.command_patterns`). A sentence naming production makes every
pattern require production somewhere in the command. Patterns that would block an everyday
command are dropped when a trigger is derived, so a concept may list broad forms safely.
"""

from __future__ import annotations

from dataclasses import dataclass

from lessons.value_classes import NOT_DEVELOPMENT, PRODUCTION, VALUE_CLASSES

_CLASS = {c.name: c.trigger for c in VALUE_CLASSES}
DEVICE = _CLASS["block device"]
SYSTEM_DIR = _CLASS["system directory"]
EVERYONE = _CLASS["everyone"]
INTERNET = _CLASS["the whole internet"]
HOME_DIR = _CLASS["home directory"]
# ... as one item of a `key:value,…` or `key=value,…` list (doctl's `address:0.0.0.0/0`,
# Lightsail's `cidrs=0.0.0.0/0`)
INTERNET_IN_LIST = r"re:(^|[,:=\[\s])(0\.0\.0\.0/0|::/0)([,\]]|$)"
VARIABLE_PATH = _CLASS["path from a variable"]
# Files that hold secrets (`.env` and its variants, not its templates, is the literal `.env`:
# `command_patterns.literal_matches`).
_SECRET_NAME = (
    r"id_(rsa|dsa|ecdsa|ed25519)|[\w.-]+\.(pem|key|p12|pfx|jks|keystore)|[\w.-]*[_-]key(\.json)?|"
    r"credentials(\.json)?|"
    r"\.npmrc|\.pypirc|\.netrc|\.htpasswd|secrets?\.(ya?ml|json|env|toml)|kubeconfig|"
    r"terraform\.tfstate(\.backup)?|service[-_]account[\w.-]*\.json"
)
SECRET_FILE = rf"re:(?i)(^|/)({_SECRET_NAME})$"
# An environment file inside another value: `prod.env`, `.env`, `.env.production` (not the
# templates, `.env.example`)
_ENV_NAME = (
    r"[\w-]+\.env|\.env(\.(local|prod|production|staging|stage|dev|development|test|live|"
    r"secrets?|private)([.-][\w.-]*)?)?"
)
SECRET_OR_ENV_FILE = rf"re:(?i)(^|/)({_SECRET_NAME}|{_ENV_NAME})$"
# A file's contents sent as a form field or a request body (curl(1) `-F name=@file`,
# `-F name=<file`, `--data-binary @file`, `-T file`)
UPLOADED_SECRET = rf"re:(?i)^([\w:.\[\]-]+=)?[@<]?([^;]*/)?({_SECRET_NAME}|{_ENV_NAME})(;.*)?$"
# ... or read into the value by a command whose output it is (`-d "$(cat ~/.ssh/id_rsa)"`,
# `--rawfile k deploy_key` inside `$( )`, a backquoted `cat .env`, `<(cat key.pem)`): what
# a substitution prints is handed on as the argument, as a pipe hands it on
SUBSTITUTED_SECRET = (
    rf"re:(?i)^([\w:.\[\]-]+=)?(\$\(|<\(|`)[^\n]*[\s/=@]({_SECRET_NAME}|{_ENV_NAME})([\s)`'\"]|$)"
)
# curl(1)'s `--data` and `--data-urlencode` read a file only after `@` (without it the name is
# the data)
DATA_FROM_SECRET = rf"re:(?i)^([\w.-]+=)?@([^;]*/)?({_SECRET_NAME}|{_ENV_NAME})$"
SHARED_BRANCH = _CLASS["shared branch"]
# A tag as git-push(1) names it: its full ref, or a release version (`v2.3.0`, `1.4`)
TAG_REF = r"re:^(refs/tags/.+|v?\d+(\.\d+)+([-+][\w.]+)?)$"
# A variable as one segment of a path (bash(1): `${NAME:?}` aborts when NAME is unset, so it is
# no such path).
VARIABLE_IN_PATH = r"re:(^|/)\$(\{[A-Za-z_]\w*\}|[A-Za-z_]\w*)(/|$)"
# chmod(1) modes as `commands` spells them (`=0666`, `+0002`): writable by the group or others,
# and setuid
SUDOERS_WRITABLE = r"re:^[=+][0-7]{2}([2367][0-7]|[0-7][2367])$"
SETUID = r"re:^[=+][4-7][0-7]{3}$"
# ... readable by the group or others (`=0644`, `+0004`, `=0755`): what ssh(1) refuses for a
# private key ("UNPROTECTED PRIVATE KEY FILE"), and libpq for `~/.pgpass`
READABLE_BY_OTHERS = r"re:^[=+][0-7]{2}([4-7][0-7]|[0-7][4-7])$"
# Files that hold a private key or a login secret: ssh's identities (not their `.pub` halves),
# keys and keystores, a `.pem` named for a key (`privkey.pem`, `server-key.pem`; a certificate
# `.pem` is public), what sits in a `private` directory, and the credential files their tools
# require to be private (`.pgpass`, `.netrc`, `.my.cnf`, cloud credentials)
PRIVATE_FILE = (
    r"re:(?i)(^|/)(id_(rsa|dsa|ecdsa|ed25519)(_sk)?|[\w.-]+\.(key|p12|pfx|jks|keystore|ppk)|"
    r"[\w.-]*(key|priv)[\w.-]*\.pem|private/[^/]+|\.pgpass|\.netrc|"
    r"\.my\.cnf|credentials(\.json)?|service[-_]account[\w.-]*\.json)$"
)
# A signing keystore or a private key, as a file: Java and Android keystores and PKCS#12
# bundles (not Android's `debug.keystore`, regenerated on the next build), ssh identities,
# `.key` files and key `.pem`s
_NOT_DEBUG = r"([^d/][^/]*|d([^e/][^/]*)?|de([^b/][^/]*)?|deb([^u/][^/]*)?|debu([^g/][^/]*)?)"
KEYSTORE_FILE = (
    rf"re:(?i)(^|/)({_NOT_DEBUG}\.(jks|keystore|p12|pfx)|id_(rsa|dsa|ecdsa|ed25519)(_sk)?|"
    r"[\w.-]+\.(key|ppk)|[\w.-]*(key|priv)[\w.-]*\.pem)$"
)
# ... as find(1) is given it by name (`-name '*.jks'`)
KEYSTORE_GLOB = r"re:(?i)\.(jks|keystore|p12|pfx)['\"]?$"
# Where the forges' REST APIs keep what protects a branch: GitHub's
# `/repos/{owner}/{repo}/branches/{branch}/protection[/...]` and `/rulesets/{id}`, GitLab's
# `/projects/{id}/protected_branches/{name}`
_PROTECTION_PATH = r"re:(?i)(/branches/[^/]+/protection|/rulesets|/protected_branches)(/|$)"
# Maven's properties that skip the tests, or run them and ignore their failures (Surefire's
# `testFailureIgnore`: a failing test no longer fails the build), not when set false, also inside
# the release plugin's `-Darguments` for its forked build; Gradle's test tasks excluded with `-x`
_MAVEN_SKIP_TESTS = (
    r"re:^(arguments=['\"]?([^'\"]*\s)?-D)?(skipTests|skipITs|maven\.test\.skip|"
    r"maven\.test\.failure\.ignore|testFailureIgnore)(=(true|1|yes))?(['\"\s]|$)"
)
_GRADLE_TEST_TASK = r"re:(?i)^(\S*:)?(check|\w*tests?)$"
# Words for sending a build's artifacts where others fetch them
_PUBLISH_WORDS = ("deploy", "publish", "releas", "upload", "ship")
# Words saying a ref is on a remote: by the remote's name, by its forge, or as what was published
_REMOTE = "remote|origin|upstream|server|github|gitlab|bitbucket|gitea|forge|published"
# Words naming a migration tool's command that drops every table or resets the schema
_WIPING_MIGRATION_WORDS = (
    "migrate:fresh",
    "migrate:reset",
    "migrate:refresh",
    "db:wipe",
    "db:drop",
    "db:reset",
    "db:purge",
    "flyway clean",
    "drop-all",
    "dropall",
    "migrate reset",
    "downgrade base",
    "schema:drop",
    "ecto.reset",
    "ecto.drop",
)
# The machine or disk a database runs on, named by it ("the database host")
_DATABASE_MACHINE = tuple(
    f"{db} {machine}"
    for db in ("database", "db")
    for machine in ("host", "server", "machine", "node", "vm", "volume", "disk", "box")
)
# ... or the database's credentials or copies ("force-deleted the database secret"): what was
# deleted is the thing the database names, not the database
_DATABASE_BELONGINGS = tuple(
    f"{db} {thing}"
    for db in ("database", "db")
    for thing in (
        "secret", "password", "credential", "token", "user", "role", "url", "connection",
        "backup", "snapshot", "dump",
    )
)  # fmt: skip
# Words saying a sentence is about a signing key or keystore ("the release keystore")
_KEY_WORDS = ("keystore", "key store", "signing key", "upload key", "release key", "private key")
# Modes giving the group or others read and not search (`=0644`, `+0004`): given to a
# directory, they are meant for the files in it
_READ_WITHOUT_ENTERING = r"re:^[=+][0-7]{2}([46][0-7]|[0-7][46])$"
# setfacl(1) entries granting read to a named user, a group or others (not the owner's `u::`)
_ACL_READ_BY_OTHERS = r"re:(^|,)(u(ser)?:[^:,]+:|g(roup)?:[^:,]*:|o(ther)?::?)[rwxX-]*r"
# Directories that hold them: a recursive mode reaches every key inside
PRIVATE_DIR = r"re:(^|/)(\.ssh|\.gnupg|private)/?$"
SHELL_OR_INTERPRETER = r"re:(^|/)((ba|z|da|k|fi|c|tc|mk)?sh|python[\d.]*|perl|ruby|node|env)$"
SECRET_VARIABLE = r"re:\$\{?\w*(SECRET|TOKEN|PASSWORD|PASSWD|API_?KEY|PRIVATE_KEY|CREDENTIAL)\w*"
# ... in what echo or printf prints, unless a workflow command masks it (`::add-mask::`)
_ECHOED_SECRET = (
    r"re:(?s)^([^:].*)?\$\{?\w*(SECRET|TOKEN|PASSWORD|PASSWD|API_?KEY|PRIVATE_KEY|CREDENTIAL)\w*"
)
# A search printing only a count or file names (both spellings: a tool's table gives the long one).
_COUNT_OR_NAME_ONLY = [
    "-c", "-l", "-L", "--count", "--files-with-matches", "--files-without-match",
    "--files-without-matches",
]  # fmt: skip
# A variable named for a secret (`printenv GITHUB_TOKEN`), and a search for one (`env | grep
# -i token`).
SECRET_NAME = r"re:^\w*(SECRET|TOKEN|PASSWORD|PASSWD|API_?KEY|PRIVATE_KEY|CREDENTIAL)\w*$"
SECRET_WORD = r"re:(?i)(secret|token|passw|api_?key|private_?key|credential)"
# A secret's value written out (four characters or more), not a variable, a prompt or where to
# read it from: BuildKit's `--secret id=x,src=path` (`env=VAR`) names its source, `key=…`
LITERAL_SECRET = (
    r"re:^([^$<{\s\-a-z]\S{3,}|[a-z][a-z0-9_]{3,}|[a-z][^a-z0-9_=\s]\S{2,}|"
    r"[a-z][a-z0-9_][^a-z0-9_=\s]\S+|[a-z][a-z0-9_]{2,}[^a-z0-9_=\s]\S*)$"
)
# A process's environment variables, secrets included, as proc(5) shows them
_PROCESS_ENVIRONMENT = r"re:^/proc/[^/]+/environ$"
# What a patch does to an object's finalizers that removes them (kubectl-patch(1): merge or
# strategic `{"metadata":{"finalizers":null}}` or `[]`; JSON `{"op":"remove","path":
# "/metadata/finalizers"}`, its two fields read apart)
_NO_FINALIZERS = r"re:finalizers\\?\"?\s*:\s*(null|\[\s*\])"
_FINALIZERS_PATH = r"re:metadata/finalizers"
# ... and one setting a workload's replicas to zero
_NO_REPLICAS = r"re:replicas\\?\"?\s*:\s*0\s*[,}]"
_REMOVE_OP = r"re:\"?op\"?\s*:\s*\"?remove\b"
# Where a package manager installs dependencies: edits there are lost on the next install.
_INSTALLED = r"re:(^|/)(node_modules|site-packages|dist-packages|vendor)/"
# ip(8)'s `address` and `route` objects, by any prefix it accepts
_ADDRESS_OR_ROUTE = "re:^(a(d|dd|ddr|ddre|ddres|ddress)?|r(o|ou|out|oute)?)$"
# An IAM policy document's statement allowing every action, on every resource
_EVERY_ACTION = r're:(?i)"Action"\s*:\s*\[?\s*"\*"'
_EVERY_RESOURCE = r're:(?i)"Resource"\s*:\s*\[?\s*"\*"'
# A manifest of CustomResourceDefinitions, by its name or its directory's
_CRD_MANIFEST = r"re:(?i)(^|[/._-])crds?([/._-]|$)"

# Words for kinds of action, shared by several concepts.
GROUPS: dict[str, tuple[str, ...]] = {
    # "clean" as a verb, not "a cleanup" (the purpose, not the act); "trash", "scrap", "zap",
    # "axe", "ditch", "blow away", "decommission", "deprovision", "obliterate" are deletion too
    "DELETE": tuple(
        "delet|remov|destroy|drop|wip|purg|eras|nuk|tear down|tearing down|get rid|cleaned|"
        "cleaning|cleans|clean up|clean out|clean the|clean all|clean every|clear|empty|trash|"
        "scrap|zap|axe|axing|ditch|blow away|decommission|deprovision|obliterat".split("|")
    ),
    "DISABLE": tuple(
        "disabl|stop|turn off|turning off|switch off|shut off|shut down|shutting down|kill|mask|"
        "bypass|skip|ignor|deactivat|flush|open up|drop all".split("|")
    ),
    "STOP": tuple(
        "stop|disabl|turn off|turning off|switch off|shut down|shutting down|mask|deactivat|"
        "take down|taking down|bring down|bringing down|knock out".split("|")
    ),
    "WRITE": tuple(
        "modif|edit|chang|updat|writ|alter|overwrit|append|patch|fix|tweak|hand-edit|hand edit|"
        "manual|directly|insert".split("|")
    ),
}


@dataclass(frozen=True)
class Concept:
    name: str
    # every group must be named; a group is a set of stems or phrases, any one of which counts
    needs: tuple[tuple[str, ...], ...]
    commands: tuple[str | dict, ...]
    # what `{target}` stands for: "process", "service" or "branch"
    targets: str = ""
    # only a sentence about production describes it ("run migrations" is everyday otherwise)
    production: bool = False
    # the ports a sentence names ("SSH or RDP", "on 22") narrow every command to them
    ports: bool = False
    # every command listed is the same danger, also beside another of the same tool (`aws rds
    # delete-db-cluster` beside `delete-db-instance`); without it a tool's other commands in a
    # concept are taken for other dangers of it
    within_tool: bool = False
    # words that, named, say the sentence is about something else ("the log group" is a cloud
    # log store: no host's journal)
    unless: tuple[str, ...] = ()
    # phrases that name something else by what they belong to ("the database host", "the
    # database secret"): their words count for nothing, other words of the sentence still do
    aside: tuple[str, ...] = ()
    # its tools act where their configuration points (a migration tool's database URL, the
    # cloud account a stack tool deploys to), which a command line rarely shows: of a sentence
    # about production, each reaches any place not named for development
    configured_place: bool = False


def concept(name: str, needs: str, *commands: str | dict, **extra) -> Concept:
    """`needs` is written `a|b & c|GROUP`: groups joined by `&`, alternatives by `|`."""
    groups = tuple(
        tuple(word for part in group.split("|") for word in GROUPS.get(part.strip(), (part,)))
        for group in needs.split(" & ")
    )
    return Concept(name, groups, commands, **extra)


# Deleting a managed database instance or cluster, in each provider's CLI reference (the first
# two are AWS's, which take a final snapshot unless told to skip it).
_MANAGED_DATABASE_DELETES: tuple[str | dict, ...] = (
    "aws rds delete-db-instance <any>",
    "aws rds delete-db-cluster <any>",
    "gcloud sql instances delete <any>",
    "az sql db delete <any>",
    "az sql server delete <any>",
    *(
        f"az {engine} {kind} delete <any>"
        for engine in ("postgres", "mysql")
        for kind in ("server", "flexible-server")
    ),
    "az mariadb server delete <any>",
    "doctl databases delete <any>",
    "scw rdb instance delete <any>",
    "linode-cli databases postgresql-delete <any>",
    "linode-cli databases mysql-delete <any>",
    # Google Cloud's other managed databases
    "gcloud spanner instances delete <any>",
    "gcloud spanner databases delete <any>",
    "gcloud alloydb clusters delete <any>",
    "gcloud alloydb instances delete <any>",
    "gcloud bigtable instances delete <any>",
    "gcloud firestore databases delete <any>",
    # Azure SQL Managed Instance
    "az sql mi delete <any>",
    # the database platforms' own CLIs (MongoDB Atlas, PlanetScale, Neon, Aiven, Turso) and a
    # Heroku data add-on destroyed with its data
    "atlas clusters delete <any>",
    "pscale database delete <any>",
    "neonctl projects delete <any>",
    "neonctl databases delete <any>",
    "avn service terminate <any>",
    "turso db destroy <any>",
    {
        "program": "heroku",
        "subcommand": ["addons:destroy"],
        "args": ["re:(?i)(postgres|mysql|redis|mongo|database|db|kafka)"],
    },
)

# AWS's other managed engines (each takes a final snapshot unless told to skip it).
_AWS_DATABASE_DELETES = (
    "aws docdb delete-db-cluster <any>",
    "aws neptune delete-db-cluster <any>",
    "aws redshift delete-cluster <any>",
    "aws lightsail delete-relational-database <any>",
)

# Deleting virtual machines, in each provider's CLI reference.
_VM_DELETES = (
    "aws ec2 terminate-instances <any>",
    "gcloud compute instances delete <any>",
    "az vm delete <any>",
    "doctl compute droplet delete <any>",
    "linode-cli linodes delete <any>",
    "hcloud server delete <any>",
)

# Destroying or disabling a key in a key manager (AWS KMS, Google Cloud KMS, Azure Key Vault;
# a whole vault deleted or purged takes its keys with it).
_KEY_DESTRUCTIONS = (
    "aws kms schedule-key-deletion <any>",
    "aws kms disable-key <any>",
    "gcloud kms keys versions destroy <any>",
    "gcloud kms keys versions disable <any>",
    "az keyvault key delete <any>",
    "az keyvault key purge <any>",
    "az keyvault delete <any>",
    "az keyvault purge <any>",
)

# Paste services' command-line clients, and netcat (termbin.com takes a paste on port 9999)
_PASTE_CLIENTS = r"re:^(pastebinit|wgetpaste|fpaste|haste|hastebin|sprunge|ix|termbin)$"
_NETCAT = r"re:^(nc|ncat|netcat)$"
# A canned ACL that lets anyone read an object (S3's public-read, Cloud Storage's publicRead)
_PUBLIC_ACL = r"re:(?i)^(public-read(-write)?|publicread(write)?)$"
# What publishes the text piped into it
_PASTE_FROM_STDIN: tuple[dict, ...] = (
    {"program": "gh", "subcommand": ["gist", "create"]},
    {"program": "glab", "args": ["snippet", "create"]},
    {"program": _PASTE_CLIENTS},
    {"program": _NETCAT},
    {"program": "curl", "options": {"--form": "re:[@<]-$"}},
    {"program": "curl", "options": {"--data-binary": "re:^@-$"}},
)

# The environment variables that turn certificate verification off, in each tool's
# documentation (Node.js, git, Python's PEP 493, Vault, Nomad, Consul, pip, uv, Go, npm, Yarn,
# the Azure CLI), set to the value that does it
_VERIFICATION_OFF_VARIABLE = (
    r"re:^(NODE_TLS_REJECT_UNAUTHORIZED=['\"]?0|PYTHONHTTPSVERIFY=['\"]?0|"
    r"(GIT_SSL_NO_VERIFY|VAULT_SKIP_VERIFY|NOMAD_SKIP_VERIFY)=['\"]?(1|true|yes)|"
    r"CONSUL_HTTP_SSL_VERIFY=['\"]?(0|false)|(?i:npm_config_strict_ssl)=['\"]?false|"
    r"YARN_ENABLE_STRICT_SSL=['\"]?false|(PIP_TRUSTED_HOST|UV_INSECURE_HOST|GOINSECURE)=\S|"
    r"AZURE_CLI_DISABLE_CONNECTION_VERIFICATION=['\"]?[1-9a-zA-Z]|GOFLAGS=.*-insecure)"
)
# A tool's configuration file, and the line in it that turns certificate verification off (each
# tool's manual: curl(1) "insecure" in .curlrc, wgetrc's check_certificate, npm-config's
# strict-ssl, yarn's enableStrictSsl, git-config's http.sslVerify, pip's trusted-host, conda's
# ssl_verify)
_VERIFICATION_OFF_SETTINGS = (
    (r"re:(^|/)[._]curlrc$", r"re:(?i)^\s*(-k|-{0,2}insecure)\s*(\\n)?$"),
    (r"re:(^|/)([._]?wgetrc)$", r"re:(?i)check[-_]?certificate\s*=?\s*off"),
    (
        r"re:(^|/)(\.npmrc|npmrc|\.yarnrc(\.yml)?)$",
        r"re:(?i)(strict-ssl\s*[=:]?\s*false|enablestrictssl\s*:?\s*false)",
    ),
    (r"re:(^|/)(\.gitconfig|gitconfig|\.git/config)$", r"re:(?i)sslverify\s*=?\s*(false|no|off|0)"),
    (r"re:(^|/)pip\.(conf|ini)$", r"re:(?i)trusted[-_]host"),
    (r"re:(^|/)\.condarc$", r"re:(?i)ssl_verify\s*:?\s*false"),
)

# The AWS CLI's names for the keys its credentials file holds (`aws configure get
# aws_secret_access_key`, or with a profile: `prod.aws_secret_access_key`)
_AWS_CREDENTIAL_KEY = r"re:(?i)^([\w-]+\.)?aws_(secret_access_key|access_key_id|session_token)$"
# The whole working tree as git-add(1) is given it (`.`, `:/`, `*`)
_WHOLE_TREE = r"re:^(\.|\./|:/|\*|:\(top\)|:\(top\)\.)$"
# Ansible's host key checking turned off: its environment variable, or the ansible.cfg line
_HOST_KEY_CHECKING_OFF = (
    r"re:(?i)^ansible_host_key_checking=['\"]?(false|no|0|off)['\"]?$|"
    r"(^|\s|\\n)host_key_checking\s*=\s*(false|no|0|off)\b"
)
# A Kubernetes pod spec (JSON, as `kubectl run --overrides` takes it, or YAML in a heredoc
# given to `kubectl apply -f -`) whose container runs privileged, or which mounts the host's
# root directory as a hostPath volume
_PRIVILEGED_SPEC = r're:"?privileged"?\s*:\s*true'
_HOST_ROOT_SPEC = r're:(?m)"?hostPath"?\s*:\s*\{?\s*"?path"?\s*:\s*["\']?/["\']?\s*([,}]|$)'
# ... and where a command line gives one
_SPEC_GIVEN = (("run", "--overrides"), ("apply", "<<"), ("create", "<<"))


def _published(secret: str) -> tuple[dict, ...]:
    """A file sent to a gist, a snippet or a paste service: as an argument, or piped in."""
    return (
        {"program": "gh", "subcommand": ["gist", "create"], "args": [secret]},
        {"program": "gh", "subcommand": ["gist", "edit"], "args": [secret]},
        # the gist gem's client creates public gists unless told `--private`
        {"program": "gist", "args": [secret], "without": ["--private", "-P"]},
        # copied into a bucket with a public-read ACL (aws s3, gsutil, gcloud storage)
        {"program": "aws", "subcommand": ["s3", "cp"], "args": [secret], "anywhere": [_PUBLIC_ACL]},
        {
            "program": "gcloud",
            "subcommand": ["storage", "cp"],
            "args": [secret],
            "anywhere": [_PUBLIC_ACL],
        },
        {"program": "glab", "args": ["snippet", "create", secret]},
        {"program": _PASTE_CLIENTS, "args": [secret]},
        {"program": _NETCAT, "options": {"<": secret}},
        *({"program": "cat", "args": [secret], "then": then} for then in _PASTE_FROM_STDIN),
    )


# Words for a cloud's log store (CloudWatch Logs' groups and streams, Cloud Logging's buckets,
# Azure's Log Analytics, CloudTrail)
_CLOUD_LOG_STORES = tuple(
    "log group|log stream|cloudwatch|cloud logging|log bucket|logging bucket|log analytics|"
    "cloudtrail|stackdriver|cloud cli|the cloud".split("|")
)

# fmt: off
CONCEPTS: tuple[Concept, ...] = (
    concept(
        "force push",
        "force-push|force push|force-pushing|forcepush|push --force|push -f|forced push|rewrit",
        "git push --force {target}",
        targets="branch",
    ),
    concept(
        "delete a remote branch",
        _REMOTE + " & DELETE & branch",
        "git push --delete <any> {target}",
        targets="branch",
    ),
    concept(
        # git-branch(1): -D (--delete --force) deletes a branch whatever its merge status
        "force-delete a local branch",
        "branch & DELETE & force|unmerged|not merged|unpushed|not pushed|-D",
        {"program": "git", "subcommand": ["branch"], "flags": ["--delete", "--force"]},
        # git-update-ref(1) -d deletes the ref itself, with no check of what it held
        {"program": "git", "subcommand": ["update-ref"], "args": ["re:^refs/heads/"]},
    ),
    # A published tag moved: deleted on the remote and pushed again, or pushed by force
    # (git-tag(1) "On Re-tagging": everyone who fetched it keeps the old one)
    concept(
        "move a published tag",
        "tag & mov|re-tag|retag|re-point|repoint|force-push|force push|forced push|overwrit|"
        "replac|rewrit|recreat|re-creat|reus",
        {"program": "git", "subcommand": ["push"], "flags": ["--delete"], "args": [TAG_REF]},
        {"program": "git", "subcommand": ["push"], "flags": ["--force"], "args": [TAG_REF]},
        {"program": "git", "subcommand": ["push"], "flags": ["--force", "--tags"]},
        within_tool=True,
    ),
    concept(
        "delete a remote tag",
        _REMOTE + " & DELETE & tag",
        {"program": "git", "subcommand": ["push"], "flags": ["--delete"]},
    ),
    concept(
        "force-delete pods",
        "force-delet|force delet|grace period|grace-period|forcefully delet",
        {
            "program": "kubectl",
            "subcommand": ["delete"],
            "flags": ["--force"],
            "options": {"--grace-period": "0"},
        },
    ),
    concept(
        "turn swap off",
        "swap & DISABLE|off",
        "swapoff",
    ),
    concept(
        "remove every container image",
        "docker|container & image & DELETE & all|every",
        "docker image prune --all",
        "docker system prune --all",
        {
            "program": "docker",
            "subcommand": ["rmi"],
            "args": ["re:^\\$\\(docker images"],
            "text": "docker rmi --force $(docker images -q)",
        },
        within_tool=True,
    ),
    concept(
        "run a container as root",
        "container|docker & root",
        {"program": "docker", "subcommand": ["run"], "options": {"--user": "re:^(root|0)(:.*)?$"}},
    ),
    concept(
        "discard uncommitted work",
        "uncommitted|local changes|working tree|unstaged|work in progress|reset --hard|hard reset|"
        "discard",
        "git reset --hard",
        "git checkout -- .",
        "git restore .",
        "git clean --force -d",
        "git stash clear",
        "git checkout --force",
    ),
    concept(
        "delete untracked files",
        "untracked|ignored files & DELETE|git clean",
        "git clean --force",
        "git clean --force -d",
    ),
    concept(
        "skip the commit hooks",
        "hook|pre-commit|precommit|husky|lefthook|no-verify & skip|bypass|disabl|ignor|without|"
        "no-verify|circumvent|avoid|turn off",
        "git commit --no-verify",
        "git push --no-verify",
        "git merge --no-verify",
        "git rebase --no-verify",
        "git am --no-verify",
        "pre-commit uninstall",
        {"program": "git", "subcommand": ["config"], "args": ["core.hooksPath"]},
    ),
    concept(
        "skip CI",
        "skip ci|ci skip|skip-ci|[skip|skip the pipeline|skip the ci|skipping ci|skip checks",
        {
            "program": "git",
            "subcommand": ["commit"],
            "anywhere": ["re:(?i)\\[(skip ci|ci skip|no ci|skip actions|actions skip)\\]"],
        },
        {
            "program": "git",
            "subcommand": ["push"],
            "options": {"--push-option": "re:(?i)ci\\.skip"},
        },
    ),
    concept(
        "rewrite shared history",
        "history & rewrit|filter-branch|filter-repo|purg|eras|scrub|strip|bfg",
        "git filter-branch",
        "git filter-repo",
        # BFG Repo-Cleaner rewrites every commit with each of its cleaning options, run as
        # `bfg` or as its jar
        *(
            {"program": "bfg", "flags": [flag]}
            for flag in (
                "--delete-files",
                "--delete-folders",
                "--strip-blobs-bigger-than",
                "--strip-biggest-blobs",
                "--strip-blobs-with-ids",
                "--replace-text",
                "-D",
                "-b",
                "-B",
            )
        ),
        {"program": "java", "args": [r"re:(^|/)bfg[\w.-]*\.jar$"]},
        # what is published: the branches the sentence names, every ref when it says every branch
        "git push --force {target}",
        targets="branch",
    ),
    concept(
        "commit secrets",
        # an act of committing ("the global git config" names git, and commits nothing)
        "commit|git add|push|check in|checked in|checking in|checks in|check it in|version control|"
        "into git|in git|to git|repository|into the repo|in the repo|to the repo|into a repo & "
        "secret|credential|private key|api key|password|token|.env|keys|key file|certificate",
        # git-stage(1) is a synonym of git-add(1)
        *(
            {"program": "git", "subcommand": [add], "args": [secret]}
            for add in ("add", "stage")
            for secret in (SECRET_OR_ENV_FILE, ".env")
        ),
        {"program": "git", "subcommand": ["commit"], "args": [SECRET_OR_ENV_FILE]},
        {"program": "git", "subcommand": ["commit"], "args": [".env"]},
        # ... or everything forced in, the ignored files that keep secrets out included
        {"program": "git", "subcommand": ["add"], "flags": ["--force", "--all"]},
        {"program": "git", "subcommand": ["add"], "flags": ["--force"], "args": [_WHOLE_TREE]},
    ),
    concept(
        "merge past branch protection",
        # what protection asks for: reviews, approvals, required (status) checks, rulesets
        "protection|required review|approval|review|required check|status check|failing check|"
        "failed check|red check|ruleset|branch rule & bypass|skip|admin|override|"
        "without|disabl|circumvent|despite|even though|ignor|past the|past its|past failing|"
        "past required|around the",
        "gh pr merge --admin",
        # the hosts' APIs changing or removing what protects the branch (GitHub's branch
        # protection and rulesets, GitLab's protected branches)
        {
            "program": "gh",
            "subcommand": ["api"],
            "anywhere": ["re:(?i)(protection|rulesets?)(/|$)"],
            "options": {"--method": "re:(?i)^(delete|put|patch)$"},
        },
        {
            "program": "glab",
            "args": ["api", "re:(?i)^(delete|put|patch)$"],
            "anywhere": ["re:(?i)protected_branches(/|$)"],
        },
        # a push straight to a shared branch telling GitLab to run no pipeline for it
        # (git-push(1) --push-option, GitLab's `ci.skip`): the checks never run on what lands
        {
            "program": "git",
            "subcommand": ["push"],
            "options": {"--push-option": "re:(?i)^ci\\.skip$"},
            "args": [SHARED_BRANCH],
        },
        within_tool=True,
    ),
    # Branch protection removed or loosened itself, through the hosts' REST APIs (GitHub's branch
    # protection and rulesets, GitLab's protected branches) with their CLIs or with curl;
    # reading it (GET) stays allowed
    concept(
        "remove branch protection",
        "protection|protected branch|ruleset|branch rule & DELETE|DISABLE|lift|loosen|weaken|"
        "unprotect",
        # merging as an administrator is protection set aside for one merge
        "gh pr merge --admin",
        *(
            {
                "program": program,
                **where,
                "anywhere": [_PROTECTION_PATH],
                "options": {option: "re:(?i)^(delete|put|patch)$"},
            }
            for program, where, option in (
                ("gh", {"subcommand": ["api"]}, "--method"),
                ("curl", {}, "--request"),
            )
        ),
        {
            "program": "glab",
            "args": ["api", "re:(?i)^(delete|put|patch)$"],
            "anywhere": [_PROTECTION_PATH],
        },
        within_tool=True,
    ),
    concept(
        "recursive delete of a system directory",
        "system|root director|root filesystem|root file system|filesystem root|file system root|"
        "the root|whole filesystem|entire filesystem|operating system|/usr|/etc & "
        "DELETE|rm -rf|rm -r",
        {"program": "rm", "flags": ["--recursive"], "args": [SYSTEM_DIR]},
        {"program": "find", "flags": ["-delete"], "args": [SYSTEM_DIR]},
    ),
    concept(
        "recursive delete of a home directory",
        "home director|home folder|home dir|~/ & DELETE|rm -rf|rm -r",
        {"program": "rm", "flags": ["--recursive"], "args": [HOME_DIR]},
    ),
    concept(
        "recursive delete of a path built from a variable",
        "variable|unset|unguarded|$ & rm -rf|rm -r|recursive|delet|remov",
        {"program": "rm", "flags": ["--recursive"], "args": [VARIABLE_PATH]},
        # a variable anywhere in the path (`/$TARGET`, `~/$NAME`), not one that aborts when
        # unset (`${NAME:?}`)
        {"program": "rm", "flags": ["--recursive"], "args": [VARIABLE_IN_PATH]},
        {"program": "find", "flags": ["-delete"], "args": [VARIABLE_IN_PATH]},
        # what an unset one leaves: the root (`$DIR/*` is `/*`)
        {"program": "rm", "flags": ["--recursive"], "args": ["re:^/$"]},
    ),
    concept(
        "world-writable permissions",
        "777|world-writable|world writable|everyone|all users|a+rwx|o+w|any user|every user|"
        "globally writable & chmod|permission|writable|mode|access",
        "chmod 777",
        "chmod o+w",
        "chmod -R 777",
        "chmod 666",
    ),
    # chmod(1) giving the group or others read on a private key or a credential file (or on the
    # directory holding them, recursively); modes that keep it the owner's stay allowed
    concept(
        "make a private key readable by others",
        "private key|ssh key|deploy key|key file|keyfile|secret key|signing key|tls key|ssl key|"
        "key pair|keypair|id_rsa|id_ed25519|.pem|.key|.ssh|.pgpass|.netrc|credentials file|"
        "secret file & readab|world-read|permission|chmod|mode|644|755|777|o+r|a+r|go+r|"
        "everyone|other users|others|group",
        {"program": "chmod", "args": [READABLE_BY_OTHERS, PRIVATE_FILE]},
        {"program": "chmod", "flags": ["--recursive"], "args": [READABLE_BY_OTHERS, PRIVATE_DIR]},
        # a mode that reads without entering is for the files in it (`chmod 644 ~/.ssh/*`)
        {"program": "chmod", "args": [_READ_WITHOUT_ENTERING, PRIVATE_DIR]},
        # an ACL entry giving another user, a group or others read (setfacl(1) -m)
        {
            "program": "setfacl",
            "options": {"--modify": _ACL_READ_BY_OTHERS},
            "args": [PRIVATE_FILE],
        },
    ),
    concept(
        "change the owner of system directories",
        "chown|ownership|owner & system|/usr|/etc|/var|root director",
        {"program": "chown", "flags": ["--recursive"], "args": [SYSTEM_DIR]},
        {"program": "chown", "args": [SYSTEM_DIR]},
    ),
    concept(
        "change the owner of a whole home directory",
        "chown|ownership|owner & home director|home folder|home dir",
        {"program": "chown", "flags": ["--recursive"], "args": [HOME_DIR]},
    ),
    concept(
        "delete a directory the sentence names",
        "director|folder & DELETE",
        {"program": "rm", "flags": ["--recursive"], "args": ["{target}"]},
        targets="directory",
    ),
    # ... where it lies: on disk (rm(1), unlink(1), shred(1) -u), or as one object of a bucket
    # (`aws s3 rm`, `gsutil rm`, `gcloud storage rm`, `rclone deletefile`, `mc rm`, `s3cmd del`,
    # `az storage blob delete --name`)
    concept(
        "delete a file the sentence names",
        "DELETE",
        {"program": "rm", "args": ["{target}"]},
        {"program": "unlink", "args": ["{target}"]},
        {"program": "shred", "flags": ["-u"], "args": ["{target}"]},
        {"program": "aws", "subcommand": ["s3", "rm"], "args": ["{target}"]},
        {"program": "gsutil", "subcommand": ["rm"], "args": ["{target}"]},
        {"program": "gcloud", "subcommand": ["storage", "rm"], "args": ["{target}"]},
        {"program": "rclone", "args": ["re:^(deletefile|delete)$", "{target}"]},
        {"program": "mc", "args": ["rm", "{target}"]},
        {"program": "s3cmd", "args": ["re:^(del|rm)$", "{target}"]},
        {
            "program": "az",
            "subcommand": ["storage", "blob", "delete"],
            "options": {"--name": "{target}"},
        },
        targets="file",
    ),
    # Deleting a login account with its home directory (userdel(8) -r, deluser(8)
    # --remove-home): the files and keys in it go with it
    concept(
        "delete a user with their home directory",
        "user|account|login & home & DELETE",
        "userdel -r <any>",
        "deluser --remove-home <any>",
        "deluser --remove-all-files <any>",
    ),
    concept(
        "seed a production database",
        "seed & database|db|data|fixture",
        "rails db:seed",
        "rake db:seed",
        "manage.py loaddata",
        "artisan db:seed",
        "prisma db seed",
        production=True,
    ),
    concept(
        "overwrite a disk device",
        "disk|device|drive|partition|/dev/|block|ssd|sd card|usb & dd|mkfs|format|wip|overwrit|"
        "partition|wipefs|shred|writ|eras|zero|flash|imag",
        {"program": "dd", "options": {"of": DEVICE}},
        {"program": "mkfs", "args": [DEVICE]},
        # wipefs(8) with no option only lists the signatures; -a or -o erases them
        {"program": "wipefs", "flags": ["--all"], "args": [DEVICE]},
        {"program": "wipefs", "flags": ["--offset"], "args": [DEVICE]},
        {"program": "shred", "args": [DEVICE]},
        {"program": "sgdisk", "args": [DEVICE]},
        {"program": "blkdiscard", "args": [DEVICE]},
        {"program": "write-file", "args": [DEVICE]},
    ),
    concept(
        "edit system configuration in place",
        "/etc|system config|system file|configuration file|config file & sed -i|in place|in-place|"
        "sed|edit|overwrit|modif",
        {"program": "sed", "flags": ["--in-place"], "args": ["re:^/etc/"]},
    ),
    # sshd_config(5): `PermitRootLogin yes` lets root log in with a password,
    # `PasswordAuthentication yes` and `PermitEmptyPasswords yes` let anyone guess one; the
    # last value written is the one that counts (`s/… yes/… no/` turns it off). An empty or
    # typed-in root password (passwd(1) -d, chpasswd(8)) opens the same door.
    concept(
        "allow root or password logins over SSH",
        "root login|root log in|root log-in|log in as root|login as root|logging in as root|"
        "root to log in|ssh as root|root over ssh|root ssh|password login|password auth|"
        "password-based login|passwordauthentication|permitrootlogin|permitemptypasswords|"
        "empty password|blank password & enabl|allow|permit|turn on|turned on|turning on|"
        "switch on|switched on|let |re-enabl|open",
        *(
            pattern
            for setting in ("PermitRootLogin", "PasswordAuthentication", "PermitEmptyPasswords")
            # sed's replacement ends the expression (`s/…no/…yes/`: not `s/…yes/…no/`); a line
            # echoed or printed may be one of several (`'PermitRootLogin yes\nUsePAM yes\n'`)
            for value, line in (
                (
                    rf"re:(?i)(^|[^a-z]){setting}[\s=:]+yes(\\n|[^a-z])*$",
                    rf"re:(?i)(^|[^a-z]|\\n){setting}[\s=:]+yes(\\n|[^a-z]|$)",
                ),
            )
            for pattern in (
                {"program": "sed", "flags": ["--in-place"], "anywhere": [value]},
                {"program": "re:^(echo|printf)$", "flags": [">"], "anywhere": [line]},
                {"program": "re:^(echo|printf)$", "anywhere": [line], "then": {"program": "tee"}},
            )
        ),
        {"program": "passwd", "flags": ["--delete"], "args": ["root"]},
        {
            "program": "re:^(echo|printf)$",
            "anywhere": ["re:^root:"],
            "then": {"program": "chpasswd"},
        },
    ),
    concept(
        "edit sudoers directly",
        # how the file is written, not what the rule says: a rule's content (NOPASSWD: ALL) is
        # the concept below, and a narrow rule in a drop-in is what sudoers(5) recommends
        "sudoers & WRITE|directly|by hand|visudo|echo|tee|redirect|nano|vim|sed",
        {"program": "write-file", "args": ["re:^/etc/sudoers"]},
        {"program": "sed", "flags": ["--in-place"], "args": ["re:^/etc/sudoers"]},
        {"program": "re:^(vi|vim|nano|emacs|ed)$", "args": ["re:^/etc/sudoers"]},
        # writing a NOPASSWD rule (reading or searching for one is no edit)
        {"program": "tee", "anywhere": ["re:NOPASSWD"]},
        {"program": "re:^(echo|printf)$", "flags": [">"], "anywhere": ["re:NOPASSWD"]},
    ),
    # Root for anyone, with no password: a sudoers rule granting every command with NOPASSWD
    # (sudoers(5): `NOPASSWD: ALL`; one named command is the recommended narrow rule), the
    # sudoers files made writable by others than root, or a setuid shell or interpreter
    # (chmod(1) u+s, 4xxx).
    concept(
        "passwordless root for every command",
        "nopasswd|passwordless|password-less|without a password|no password|without password & "
        "sudo|root",
        *(
            pattern
            for rule in (r"re:NOPASSWD:\s*ALL\s*(\\n)?$",)
            for pattern in (
                {"program": "re:^(echo|printf)$", "anywhere": [rule], "then": {"program": "tee"}},
                {"program": "re:^(echo|printf)$", "flags": [">"], "anywhere": [rule]},
                # visudo(8) run with a writing EDITOR (`EDITOR='tee -a'`) takes the rule from
                # stdin; checking it (`visudo -c -f -`) writes nothing
                {"program": "visudo", "options": {"<<": rule}, "without": ["--check"]},
                {"program": "sed", "flags": ["--in-place"], "anywhere": [r"re:NOPASSWD:\s*ALL"]},
            )
        ),
        {"program": "chmod", "args": [SUDOERS_WRITABLE, "re:^/etc/sudoers"]},
        {"program": "chmod", "args": [SETUID, SHELL_OR_INTERPRETER]},
    ),
    concept(
        "install packages as root",
        "sudo|as root|root privileges|with root|superuser & pip|npm|gem|install|package|yarn|cargo|"
        "module",
        {"program": "pip", "subcommand": ["install"], "sudo": True},
        {"program": "npm", "subcommand": ["install"], "sudo": True},
        {"program": "gem", "subcommand": ["install"], "sudo": True},
        {"program": "cargo", "subcommand": ["install"], "sudo": True},
        {"program": "pipx", "subcommand": ["install"], "sudo": True},
    ),
    concept(
        "install into the system Python",
        "break-system-packages|system python|system packages|system-wide|system site|"
        "externally managed|externally-managed",
        "pip install --break-system-packages",
        "pip install --system",
        {"program": "pip", "subcommand": ["install"], "sudo": True},
        # PEP 668's marker file removed or moved aside: every pip install after it goes into
        # the system Python unchecked
        *(
            {"program": program, "args": [r"re:(^|/)EXTERNALLY-MANAGED$"]}
            for program in ("rm", "mv")
        ),
    ),
    # A package the system depends on removed with its package manager: apt and dpkg, dnf and
    # yum, rpm, zypper, pacman and apk all read as `apt remove` (`command_equivalents`), a purge
    # as `apt remove --purge`. The package is the one the sentence names, or with none named,
    # one the distribution cannot run without.
    concept(
        "remove a system package",
        "packag|apt|apt-get|aptitude|dpkg|yum|dnf|rpm|zypper|pacman|apk & remov|uninstall|purg|"
        "eras|delet|get rid",
        "apt remove {target}",
        targets="package",
    ),
    # A signing keystore or a private key deleted: what it signed can no longer be updated under
    # the same identity (an Android app's upload key, a release key), removed as a file (rm,
    # shred, git rm, find -delete) or as the entry inside the keystore (keytool -delete), or a
    # secret key deleted from GnuPG or the macOS keychain. Android's debug keystore is
    # regenerated on the next build.
    concept(
        "delete a signing keystore or private key",
        "keystore|key store|signing key|upload key|release key|private key|secret key|keypair|"
        "key pair|jks|signing identit|signing certificate|code signing|keyring|gnupg|gpg & DELETE",
        *(
            {"program": program, "args": [KEYSTORE_FILE], **extra}
            for program, extra in (
                ("rm", {}),
                ("shred", {}),
                ("git", {"subcommand": ["rm"], "without": ["--cached"]}),
            )
        ),
        {"program": "find", "flags": ["-delete"], "options": {"-name": KEYSTORE_GLOB}},
        {"program": "keytool", "flags": ["-delete"]},
        # GnuPG's home or its secret-key store removed as files
        {"program": "rm", "flags": ["--recursive"], "args": ["re:(^|/)\\.gnupg/?$"]},
        {"program": "re:^(rm|shred)$", "args": ["re:(^|/)private-keys-v1\\.d(/|$)"]},
        "gpg --delete-secret-keys <any>",
        "gpg --delete-secret-and-public-key <any>",
        "security delete-identity <any>",
        within_tool=True,
    ),
    # Go's checksum database turned off (cmd/go "Module authentication": GOSUMDB=off, or every
    # module made private or exempt with GONOSUMDB/GOPRIVATE `*`), in any spelling of the
    # variable (a prefix, export, env, go env -w); naming private module paths is everyday
    concept(
        "turn off Go's checksum verification",
        "gosumdb|sumdb|sum.golang|checksum database|go.sum|go module|go get|go mod & DISABLE|off|"
        "skip|bypass|without|get past|get around|unset",
        *(
            {"program": "re:.", "anywhere": [rf"re:^{setting}$"]}
            for setting in (
                "GOSUMDB=['\"]?off['\"]?",
                "(GONOSUMDB|GOPRIVATE)=['\"]?\\*['\"]?",
                "GOFLAGS=.*-insecure",
            )
        ),
        within_tool=True,
    ),
    concept(
        "privileged containers",
        "privileged",
        "docker run --privileged",
        "docker exec --privileged",
        "docker create --privileged",
        "docker compose run --privileged",
        "docker compose exec --privileged",
        # a pod spec given on the command line asking for it
        *(
            {"program": "kubectl", "subcommand": [call], "options": {given: _PRIVILEGED_SPEC}}
            for call, given in _SPEC_GIVEN
        ),
    ),
    concept(
        "expose the Docker socket",
        "docker.sock|docker socket|docker daemon socket",
        {"program": "docker", "options": {"--volume": "re:(^|/)docker\\.sock$"}},
        {"program": "chmod", "args": ["re:docker\\.sock$"]},
    ),
    concept(
        "share the host's namespaces with a container",
        "host network|--network=host|--net=host|host pid|--pid=host|host namespace|host's network|"
        "host's pid",
        {"program": "docker", "options": {"--network": "host"}},
        {"program": "docker", "options": {"--pid": "host"}},
        {"program": "docker", "options": {"--ipc": "host"}},
    ),
    concept(
        "mount the host's root into a container",
        "host filesystem|host's filesystem|host root|-v /:/|root filesystem & container|docker|"
        "mount",
        {"program": "docker", "options": {"--volume": "re:^/$"}},
        # a pod spec mounting the host's `/` as a hostPath volume, and a node's debugging pod
        # (kubectl-debug(1): the node's root filesystem is mounted at /host)
        *(
            {"program": "kubectl", "subcommand": [call], "options": {given: _HOST_ROOT_SPEC}}
            for call, given in _SPEC_GIVEN
        ),
        {"program": "kubectl", "subcommand": ["debug"], "args": ["node"]},
    ),
    concept(
        "give a container every capability",
        "capabilit|cap-add|sys_admin",
        {"program": "docker", "options": {"--cap-add": "re:(?i)^(all|sys_admin)$"}},
    ),
    concept(
        "disable SELinux or AppArmor",
        "selinux|apparmor|setenforce & DISABLE|permissive|setenforce 0",
        "setenforce 0",
        "setenforce Permissive",
        {"program": "sed", "flags": ["--in-place"], "args": ["re:^/etc/selinux/"]},
        "systemctl stop apparmor",
        "systemctl disable apparmor",
        "aa-teardown",
        # the kernel told at boot (grubby(8) --args, as RHEL's docs give it)
        {"program": "grubby", "anywhere": ["re:(^|\\s)(selinux|enforcing|apparmor)=0(\\s|$)"]},
        within_tool=True,
    ),
    concept(
        "disable the firewall",
        "firewall|ufw|firewalld|iptables|nftables|nft & DISABLE|open|accept all|allow all",
        "ufw disable",
        "ufw reset",
        "iptables -F",
        "iptables -P INPUT ACCEPT",
        "nft flush ruleset",
        "firewall-cmd --panic-off",
        "systemctl stop {target}",
        "systemctl disable {target}",
        "systemctl mask {target}",
        # the host firewalls' own units, whichever the sentence names
        *(
            f"systemctl {verb} {unit}"
            for unit in ("ufw", "firewalld", "nftables", "iptables")
            for verb in ("stop", "disable", "mask")
        ),
        targets="service",
    ),
    # The host firewall turned off or emptied, whichever front end runs it (ufw(8),
    # firewall-cmd(1), iptables(8), nft(8), their systemd units, Windows' netsh); its status and
    # listings stay allowed.
    concept(
        "turn the host firewall off",
        "firewall|ufw|firewalld|iptables|nftables|nft & DISABLE|flush|open|accept all|allow all",
        "ufw disable",
        "ufw reset",
        "iptables -F",
        "iptables -P INPUT ACCEPT",
        "ip6tables -F",
        "nft flush ruleset",
        "firewall-cmd --panic-off",
        *(
            f"systemctl {verb} {unit}"
            for unit in ("ufw", "firewalld", "nftables", "iptables", "netfilter-persistent")
            for verb in ("stop", "disable", "mask")
        ),
        "netsh advfirewall set allprofiles state off",
        within_tool=True,
    ),
    # A default policy that drops what is not allowed, set over the connection it would drop
    # (iptables(8) -P, nft(8) chain policies, ufw(8) default, firewalld's drop zone).
    concept(
        "set the firewall's default policy to drop",
        "default|policy & drop|deny|reject & input|incoming|inbound|policy|firewall|iptables",
        "iptables -P INPUT DROP",
        "iptables -P INPUT REJECT",
        "ip6tables -P INPUT DROP",
        {"program": "nft", "anywhere": ["re:(?i)policy\\s+drop"]},
        "ufw default deny incoming",
        "ufw default reject incoming",
        "firewall-cmd --set-default-zone=drop",
        "firewall-cmd --panic-on",
        within_tool=True,
    ),
    concept(
        "open a port to the whole internet",
        "0.0.0.0/0|world|internet|anywhere|public|everyone|any ip|all ips & port|ssh|22|3389|rdp|"
        "security group|firewall|ingress|inbound|5432|3306|database",
        {
            "program": "aws",
            "subcommand": ["ec2", "authorize-security-group-ingress"],
            "anywhere": [INTERNET],
            "text": "aws ec2 authorize-security-group-ingress --cidr 0.0.0.0/0 <any>",
        },
        {
            "program": "gcloud",
            "subcommand": ["compute", "firewall-rules"],
            "anywhere": [INTERNET],
            "text": "gcloud compute firewall-rules create <any> --source-ranges 0.0.0.0/0",
        },
        {
            "program": "az",
            "subcommand": ["network", "nsg", "rule"],
            "anywhere": [INTERNET],
            "text": "az network nsg rule create <any> --source-address-prefixes 0.0.0.0/0",
        },
        # EC2's rule editor, DigitalOcean's and Hetzner's firewalls
        {
            "program": "aws",
            "subcommand": ["ec2", "modify-security-group-rules"],
            "anywhere": [INTERNET],
        },
        {
            "program": "doctl",
            "args": ["compute", "firewall"],
            "anywhere": [INTERNET_IN_LIST],
        },
        {
            "program": "hcloud",
            "args": ["firewall", "re:^(add-rule|create|replace-rules)$"],
            "anywhere": [INTERNET],
        },
        # Lightsail's instance firewall
        *(
            {"program": "aws", "subcommand": ["lightsail", call], "anywhere": [INTERNET_IN_LIST]}
            for call in ("open-instance-public-ports", "put-instance-public-ports")
        ),
        # a managed database's own firewall: Cloud SQL's authorized networks, an Azure database
        # server's rule from 0.0.0.0 to 255.255.255.255
        {
            "program": "gcloud",
            "subcommand": ["sql", "instances"],
            "options": {"--authorized-networks": INTERNET},
        },
        {
            "program": "az",
            "options": {
                "--start-ip-address": "re:^0\\.0\\.0\\.0$",
                "--end-ip-address": "re:^255\\.255\\.255\\.255$",
            },
        },
        # a host firewall accepting a port from any source (a rule added, not deleted)
        {
            "program": "iptables",
            "flags": ["--dport"],
            "options": {"--jump": "ACCEPT"},
            "without": ["--source", "--delete"],
        },
        {"program": "firewall-cmd", "flags": ["--add-port"], "without": ["--zone"]},
        {"program": "ufw", "subcommand": ["allow"], "options": {"--from": INTERNET}},
        ports=True,
        # "world-readable", "readable by everyone": a file's mode, not a network's reach
        unless=("readab", "writab"),
    ),
    concept(
        "turn off certificate verification",
        "certificate|tls|ssl|https|cert & verif|validat|check|insecure|-k|ignor|skip|disabl|bypass|"
        "trust",
        {"program": "re:.", "flags": ["--insecure"]},
        # each tool's own spelling (every one implies --insecure: `command_tables.INSECURE_FLAGS`),
        # so that a report of one reaches the others
        "curl --insecure",
        "wget --no-check-certificate",
        "pip install --trusted-host <any>",
        "git -c http.sslVerify=false",
        "kubectl --insecure-skip-tls-verify",
        "helm --insecure-skip-tls-verify",
        "aws --no-verify-ssl",
        "npm install --no-strict-ssl",
        # ... each tool's environment variable for it, however it is set (an export, a prefix,
        # `docker run -e`, `go env -w`)
        {"program": "re:.", "anywhere": [_VERIFICATION_OFF_VARIABLE]},
        # ... the configuration commands of the tools whose setting is not a flag's name (conda
        # `ssl_verify`, Composer `disable-tls` and `secure-http`, Poetry `certificates.*.cert`)
        {
            "program": "conda",
            "options": {"--set": "re:(?i)^ssl_verify$"},
            "args": ["re:(?i)^(false|no|0)$"],
        },
        {"program": "composer", "args": ["config", "disable-tls", "re:(?i)^(true|1)$"]},
        {"program": "composer", "args": ["config", "secure-http", "re:(?i)^(false|0)$"]},
        {"program": "poetry", "args": ["re:^certificates\\..+\\.cert$", "re:(?i)^false$"]},
        # ... skopeo's and buildah's per-side switches (`--src-tls-verify=false`)
        *(
            {"program": "re:^(skopeo|buildah)$", "flags": [flag]}
            for flag in ("--no-src-tls-verify", "--no-dest-tls-verify")
        ),
        # ... and each tool's configuration file given the setting that turns it off (curl's
        # `insecure` line in ~/.curlrc, wget's `check_certificate = off`, npm's and yarn's
        # `strict-ssl=false`, git's `sslVerify = false`, pip's `trusted-host`, conda's
        # `ssl_verify: false`), written by a redirect or by tee
        *(
            pattern
            for config, setting in _VERIFICATION_OFF_SETTINGS
            for pattern in (
                {"program": "re:^(echo|printf)$", "options": {">": config}, "anywhere": [setting]},
                {
                    "program": "re:^(echo|printf)$",
                    "anywhere": [setting],
                    "then": {"program": "tee", "args": [config]},
                },
            )
        ),
        within_tool=True,
    ),
    # ssh_config(5): `StrictHostKeyChecking no` (or `off`) accepts any host key, and a
    # `UserKnownHostsFile` of /dev/null forgets every key, so a changed key is never noticed. The
    # command reader hands scp, sftp, `rsync -e`, `GIT_SSH_COMMAND` and a line appended to
    # ~/.ssh/config to ssh with the same `-o`; Ansible's own switch is its environment variable
    # or `host_key_checking` in ansible.cfg, gcloud's is `--strict-host-key-checking=no`.
    concept(
        "turn off SSH host key checking",
        "host key|hostkey|host-key|known_hosts|known hosts|host verification|host authenticity|"
        "stricthostkeychecking & DISABLE|off|verif|without|accept any|accept every|trust any",
        {"program": "ssh", "options": {"-o": r"re:(?i)^stricthostkeychecking[= ]\s*(no|off)$"}},
        {"program": "ssh", "options": {"-o": r"re:(?i)^userknownhostsfile[= ]\s*/dev/null$"}},
        {"program": "re:.", "anywhere": [_HOST_KEY_CHECKING_OFF]},
        {"program": "gcloud", "flags": ["--no-strict-host-key-checking"]},
        # ... or the options given to ssh through a tool's own switch (`--ssh-extra-args`)
        {"program": "re:.", "anywhere": [r"re:(?i)-o\s*stricthostkeychecking[= ]\s*(no|off)\b"]},
    ),
    concept(
        "forward the SSH agent",
        "agent forwarding|forward agent|forwardagent|forward the agent|ssh -a",
        "ssh -A",
        {"program": "ssh", "options": {"-o": "re:(?i)^forwardagent=(yes|true)"}},
    ),
    concept(
        "a secret on the command line",
        "password|secret|token|credential|api key|apikey|passphrase & command line|command-line|"
        "argument|plain text|plaintext|inline|history|process list|ps output|in the command|"
        "cli flag|hardcod|hard-cod|literal",
        {"program": "re:.", "options": {"--password": LITERAL_SECRET}},
        {"program": "re:.", "options": {"--pass": LITERAL_SECRET}},
        {"program": "re:.", "options": {"--token": LITERAL_SECRET}},
        {"program": "re:.", "options": {"--secret": LITERAL_SECRET}},
        {"program": "re:.", "options": {"--client-secret": LITERAL_SECRET}},
        {"program": "re:.", "options": {"--api-key": LITERAL_SECRET}},
        {"program": "re:.", "options": {"--apikey": LITERAL_SECRET}},
        {"program": "re:.", "options": {"--auth-token": LITERAL_SECRET}},
        {"program": "re:.", "options": {"--access-token": LITERAL_SECRET}},
        {"program": "re:.", "options": {"--secret-key": LITERAL_SECRET}},
        {"program": "re:.", "options": {"--access-key": LITERAL_SECRET}},
        # `-P` is the password of SQL Server's tools only (a port to mysql, a policy to iptables)
        {"program": "re:^(sqlcmd|bcp|osql)$", "options": {"-P": LITERAL_SECRET}},
        {"program": "re:.", "options": {"--passwd": LITERAL_SECRET}},
        {"program": "re:.", "anywhere": ["re:^[a-z][a-z0-9+.-]*://[^:/@\\s]+:[^@/$\\s]+@"]},
        {"program": "curl", "options": {"--user": "re:^[^:$]+:[^$].*"}},
        # sshpass(1): -p takes the password itself (-e and -f read it from elsewhere)
        {"program": "sshpass", "flags": ["-p"]},
    ),
    concept(
        "delete resources of a production cluster",
        "kubernetes|k8s|kubectl|cluster|pod|deployment|namespace|helm release & DELETE",
        "kubectl delete",
        "helm uninstall",
        production=True,
    ),
    concept(
        "serve on every interface",
        "0.0.0.0|all interfaces|every interface|all network interfaces & bind|listen|host|serv|"
        "expos|run",
        # a server told to listen on all addresses (`--host 0.0.0.0`, `runserver 0.0.0.0:8000`;
        # IPv6's `::` and `[::]:8000`; a list of addresses holding one of them)
        {
            "program": "re:.",
            "anywhere": [
                r"re:^(https?://)?(0\.0\.0\.0|::|\[::\])(:\d+)?/?$|(^|,)(0\.0\.0\.0|::)(,|$)"
            ],
            # ... unless it requires clients' certificates (dockerd's `--tlsverify`)
            "without": ["--tlsverify"],
        },
    ),
    # A static file server over a home directory or the filesystem's root serves every key and
    # credential under it (`command_equivalents`: every server is `serve-files DIR`).
    concept(
        "serve a home directory or the root over HTTP",
        "home director|home folder|home dir|$home|filesystem root|root director|root of the "
        "filesystem|entire disk|whole disk & serv|shar|http|web server|file server|expos",
        {
            "program": "serve-files",
            "args": [HOME_DIR],
            "text": "python3 -m http.server --directory ~",
        },
        {"program": "serve-files", "args": ["re:^/$"]},
        {"program": "serve-files", "args": [SYSTEM_DIR]},
    ),
    concept(
        "roll back database migrations",
        "roll back|rollback|rolling back|rolled back|downgrad|undo|revert & migration|schema",
        "rails db:rollback",
        "rake db:rollback",
        "alembic downgrade",
        "artisan migrate:rollback",
        "knex migrate:rollback",
        "sequelize db:migrate:undo",
        "flyway undo",
    ),
    concept(
        "restart every workload of a cluster",
        "restart & deployment|pod|namespace|kubernetes|kubectl|workload|statefulset|daemonset",
        "kubectl rollout restart",
    ),
    concept(
        "delete every key matching a pattern",
        "redis|keys & key & DELETE & all|every|pattern|match|bulk|wildcard",
        # the keys a scan or KEYS lists, handed to DEL or UNLINK (`… | xargs redis-cli del`)
        {
            "program": "redis-cli",
            "args": ["re:(?i)^(del|unlink)$", r"re:(?i)^\$\(redis-cli\b.*\s(--scan|keys)\b"],
        },
    ),
    concept(
        "stop every container",
        "container & STOP|kill & all|every",
        # every container `docker ps` lists, stopped or killed
        *(
            {
                "program": "docker",
                "subcommand": [verb],
                "args": [r"re:^\$\(docker (ps|container ls)"],
            }
            for verb in ("stop", "kill")
        ),
    ),
    concept(
        "make a repository public",
        "public & repo|repository|visibility|project",
        {"program": "gh", "subcommand": ["repo", "edit"], "options": {"--visibility": "public"}},
        {"program": "gh", "subcommand": ["repo", "edit"], "flags": ["--public"]},
    ),
    concept(
        "delete a lock file",
        "package|dependenc|npm|yarn|pnpm|poetry|cargo|bundler|gemfile|composer|pipenv|uv.lock "
        "& lock & DELETE",
        # the lock files of npm, yarn, pnpm, poetry, uv, pipenv, cargo, bundler, composer, go
        {
            "program": "rm",
            "args": [
                r"re:(^|/)(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|"
                r"poetry\.lock|uv\.lock|Pipfile\.lock|Cargo\.lock|Gemfile\.lock|composer\.lock|"
                r"go\.sum)$"
            ],
        },
    ),
    concept(
        "edit installed dependencies in place",
        "node_modules|site-packages|dist-packages|vendor|installed package|installed dependenc "
        "& WRITE",
        # edits the next install throws away: in place, in an editor, or by redirection
        *(
            {"program": program, "flags": flags, "args": [_INSTALLED]}
            for program, flags in (
                ("sed", ["--in-place"]),
                ("re:^(vi|vim|nvim|nano|emacs|ed|code)$", []),
                ("write-file", []),
                ("patch", []),
            )
        ),
    ),
    # A secret file sent where anyone can read it: a gist or a snippet (GitHub's and GitLab's
    # CLIs), a paste service through its client (pastebinit, wgetpaste), through curl's form
    # upload, or through termbin's netcat port; given as an argument, a form field or stdin
    concept(
        "publish a secret file",
        "gist|pastebin|paste|snippet|termbin|public & upload|publish|share|creat|post|push|"
        "pasted|pasting|pastes|sent|send|dump|put",
        *(
            pattern
            for secret in (SECRET_OR_ENV_FILE, ".env", SUBSTITUTED_SECRET)
            for pattern in _published(secret)
            if secret != SUBSTITUTED_SECRET or pattern["program"] != "cat"
        ),
        *(
            {"program": "curl", "options": {option: secret}}
            for secret in (UPLOADED_SECRET, SUBSTITUTED_SECRET)
            for option in ("--form", "--data-binary", "--upload-file")
        ),
        *(
            {"program": "curl", "options": {option: secret}}
            for secret in (DATA_FROM_SECRET, SUBSTITUTED_SECRET)
            for option in ("--data", "--data-urlencode", "--data-raw")
            if secret != DATA_FROM_SECRET or option != "--data-raw"
        ),
        within_tool=True,
    ),
    concept(
        "skip the tests",
        "test & skip|bypass|without|disabl|exclud|omit|ignor",
        # Maven's skipTests / maven.test.skip properties (not when set false), Gradle's -x task
        {"program": "mvn", "options": {"--define": _MAVEN_SKIP_TESTS}},
        {"program": "gradle", "options": {"--exclude-task": _GRADLE_TEST_TASK}},
        # artifacts deployed or published untested are the next concept's, and their local
        # build is not (a "release" may be the build itself: "to get a build or release through")
        unless=("deploy", "publish", "upload"),
    ),
    # Artifacts published with the tests skipped: Maven's deploy phase and the release plugin
    # (which passes `-Darguments` to its forked build), Gradle's publishing tasks to a remote
    # repository; a local build or install (`package`, `install`, `publishToMavenLocal`) is not
    concept(
        "publish with the tests skipped",
        "test & skip|bypass|without|disabl|exclud|omit|ignor & " + "|".join(_PUBLISH_WORDS),
        {
            "program": "mvn",
            "options": {"--define": _MAVEN_SKIP_TESTS},
            "args": ["re:^([\\w.-]+:)?(deploy|release:perform|deploy:deploy)$"],
        },
        {
            "program": "gradle",
            "options": {"--exclude-task": _GRADLE_TEST_TASK},
            "args": [
                "re:^(\\S*:)?(publish|uploadArchives|publishPlugins|publish\\w*To\\w*Repository)$"
            ],
        },
        within_tool=True,
    ),
    concept(
        "kill every process",
        "every process|all processes|all of a user|all the user|all user processes|all of their "
        "processes|all running processes|kill -1 & kill|signal|terminat",
        # kill(1): pid -1 is every process the caller may signal; killall5 signals all processes;
        # pkill/killall -u: every process of a user
        {"program": "kill", "args": ["-1"]},
        "killall5",
        {"program": "pkill", "flags": ["--euid"]},
        {"program": "killall", "flags": ["--euid"]},
    ),
    concept(
        "expire the reflog and prune unreachable objects now",
        "reflog|unreachable|dangling|loose objects & expir|purg|prun|delet|clear|drop|wip",
        {
            "program": "git",
            "subcommand": ["reflog", "expire"],
            "options": {"--expire": "re:^(now|all)$"},
        },
        {
            "program": "git",
            "subcommand": ["reflog", "expire"],
            "options": {"--expire-unreachable": "re:^(now|all)$"},
        },
        {"program": "git", "subcommand": ["gc"], "options": {"--prune": "re:^(now|all)$"}},
        {"program": "git", "subcommand": ["prune"]},
    ),
    concept(
        "overwrite a file with a redirect",
        "overwrit|clobber|truncat|replac & redirect|> |single >|tee",
        # `>` or `tee` without -a, onto the files the sentence names
        {"program": "write-file", "args": ["{target}"], "without": ["--append"]},
        targets="path",
    ),
    concept(
        "print secrets",
        # "log" only as a word of its own: "login" names no printing
        "print|echo|cat|display|logged|logging|logs|log file|log output|expos|leak|show|dump|"
        "output|decod|decrypt|reveal|read out|paste & secret|credential|token|api key|"
        "password|passphrase|private key|signing key|access key|.env|environment variable",
        # not GitHub Actions' `::add-mask::$TOKEN`, which hides the value from the log
        {"program": "echo", "args": [_ECHOED_SECRET]},
        {"program": "printf", "args": [_ECHOED_SECRET]},
        # ... a process's environment included (proc(5): `/proc/<pid>/environ`)
        *(
            {"program": reader, "args": [secret]}
            for reader in ("cat", "less", "more", "head", "tail", "bat", "batcat", "strings")
            for secret in (SECRET_FILE, ".env", _PROCESS_ENVIRONMENT)
        ),
        # ... or the lines of one a search prints (not only its count or its name)
        *(
            {"program": search, "args": [secret], "without": _COUNT_OR_NAME_ONLY}
            for search in ("grep", "egrep", "rg", "ag")
            for secret in (SECRET_FILE, ".env")
        ),
        # a secret's values, not its names or metadata (`-o jsonpath={.metadata…}`)
        {
            "program": "kubectl",
            "subcommand": ["get", "secret"],
            "options": {
                "--output": r"re:(?i)^(ya?ml$|json$|(jsonpath|go-template)[^.]*\.(string)?data)"
            },
        },
        "kubectl view-secret <any>",  # the view-secret plugin prints decoded values
        # each secret store's command that prints a value (its CLI reference): listing and
        # describing show names and metadata only
        "gcloud secrets versions access <any>",
        "az keyvault secret show <any>",
        "az keyvault secret download <any>",
        *(
            {"program": "aws", "subcommand": ["ssm", call], "flags": ["--with-decryption"]}
            for call in ("get-parameter", "get-parameters", "get-parameters-by-path")
        ),
        "doppler secrets get <any>",
        "doppler secrets download <any>",
        "op read <any>",
        {"program": "op", "args": ["item", "get"], "flags": ["--reveal"]},
        "infisical secrets get <any>",
        {"program": "sops", "flags": ["-d"]},
        {"program": "sops", "flags": ["--decrypt"]},
        "ansible-vault view <any>",
        "pass show <any>",
        "printenv",
        {"program": "printenv", "args": [SECRET_NAME]},
        {"program": "env", "then": {"program": "grep", "args": [SECRET_WORD]}},
        {"program": "printenv", "then": {"program": "grep", "args": [SECRET_WORD]}},
        {"program": "aws", "subcommand": ["secretsmanager", "get-secret-value"]},
        "gh auth token",
        # ... and the AWS CLI's commands that print the keys it keeps (`configure get` of a key,
        # not of a region)
        {"program": "aws", "subcommand": ["configure", "get"], "args": [_AWS_CREDENTIAL_KEY]},
        "aws configure export-credentials",
        # the hosting platforms' commands that print an app's config vars with their values
        # (Heroku's `config` and `config:get`, Railway's `variables`, not when setting one), and
        # `oc extract` of a secret, which writes its decoded keys (to stdout with `--to=-`)
        {"program": "heroku", "subcommand": ["config"]},
        {"program": "heroku", "subcommand": ["config:get"]},
        {"program": "railway", "args": ["variables"], "without": ["--set"]},
        {"program": "kubectl", "subcommand": ["extract"], "args": ["secret"]},
    ),
    concept(
        "write to a database directly",
        "database|db|sql|table|schema|rows|records|postgres|mysql & WRITE|delet|remov|destroy|drop|"
        "wip|purg|eras|nuk|tear down|tearing down|get rid|clean|clear|empty",
        {"program": "sql", "subcommand": ["insert"]},
        {"program": "sql", "subcommand": ["update"]},
        {"program": "sql", "subcommand": ["delete"]},
        {"program": "sql", "subcommand": ["drop"]},
        {"program": "sql", "subcommand": ["alter"]},
        {"program": "sql", "subcommand": ["truncate"]},
        {"program": "sql", "subcommand": ["create"]},
        {"program": "sql", "subcommand": ["grant"]},
        {"program": "sql", "subcommand": ["revoke"]},
        {"program": "sql", "subcommand": ["replace"]},
        {"program": "sql", "subcommand": ["merge"]},
        {"program": "sql", "subcommand": ["copy"]},
        "psql --file <any>",
        "mysql < <any>",
        "psql < <any>",
        "supabase db push",
        "supabase db reset",
        production=True,
        # what is deleted is a database's container, its backups or a secret about it, not
        # its rows (the managed-database and secret-store concepts read those); a statement
        # missing its WHERE or a migration tool's reset is the one written, not any write
        unless=(
            "instance",
            "secret",
            "vault",
            "backups",
            "snapshot",
            "where clause",
            "without a where",
            "without where",
            "no where",
            *_WIPING_MIGRATION_WORDS,
            # the whole database or schema reset or recreated: the reset concepts' danger
            "recreat",
            "re-creat",
            "reset command",
            "database reset",
            "schema reset",
        ),
    ),
    concept(
        "drop a database",
        "database|db|keyspace & drop|delet|destroy|remov|wip",
        {"program": "sql", "subcommand": ["drop", "database"]},
        {"program": "sql", "subcommand": ["drop", "schema"]},
        # ... and a restore told to drop what is there first (mongorestore(1) `--drop` drops
        # each collection, pg_restore(1) `--clean` each object, before recreating them), into
        # a database not named for development (restoring over one's own dev copy is everyday)
        *(
            {"program": program, "flags": [flag], "anywhere": [NOT_DEVELOPMENT]}
            for program, flag in (("mongorestore", "--drop"), ("pg_restore", "--clean"))
        ),
        # "… on the database host": the database says where, not what was dropped
        unless=_DATABASE_MACHINE + _DATABASE_BELONGINGS,
    ),
    concept(
        "drop a table",
        "table|collection & drop|delet|destroy|remov",
        {"program": "sql", "subcommand": ["drop", "table"]},
    ),
    concept(
        "delete or update every row",
        "where|every row|all rows|all the rows|whole table|entire table|all records|every record|"
        "truncat|empty the table & delet|updat|truncat|remov|wip|empty",
        # one danger, a statement missing its WHERE, whichever verb it has (written as the
        # statements, the reported one is found among them)
        "DELETE FROM <any>",
        "UPDATE <any> SET <any>",
        within_tool=True,
    ),
    concept(
        "grant everything",
        "grant|privilege|superuser|permission & all|superuser|public|everything",
        {"program": "sql", "subcommand": ["grant"], "flags": ["--all-privileges"]},
        {"program": "sql", "subcommand": ["grant"], "flags": ["--public"]},
        {"program": "sql", "flags": ["--superuser"]},
        "createuser --superuser",
    ),
    concept(
        "reset or flush a database",
        "database|db|redis|cache|keys & flush|reset|wip|recreat|empty|clear",
        "redis-cli flushall",
        "manage.py flush",
        "rails db:drop",
        "rails db:reset",
        "rake db:drop",
        "rake db:reset",
        "prisma migrate reset",
        "supabase db reset",
        # Laravel's artisan: drop every table and migrate again, or wipe the database
        "artisan migrate:fresh",
        "artisan migrate:reset",
        "artisan migrate:refresh",
        "artisan db:wipe",
        "alembic downgrade base",
        {"program": "sql", "subcommand": ["drop", "database"]},
        aside=_DATABASE_MACHINE + _DATABASE_BELONGINGS,
    ),
    # Migration tools and ORMs that drop every table or reset the schema (each tool's CLI
    # reference: Flyway's clean, Liquibase's drop-all, Alembic to base, Prisma's reset and
    # forced push, Rails/Django/Laravel/Sequelize/Knex/TypeORM/dbmate/goose/golang-migrate/
    # Atlas/Diesel/sqlx/Ecto/Doctrine); migrating forwards, status and info stay allowed.
    concept(
        "wipe a database with its migration tool",
        "database|db|schema|migration|migrate|tables|flyway|liquibase|alembic|prisma|orm & "
        "DELETE|clean|reset|recreat|force-reset|accept-data-loss|data loss|from scratch|start over",
        "flyway clean",
        "mvn flyway:clean",
        "gradle flywayClean",
        "liquibase drop-all",
        "liquibase dropAll",
        "alembic downgrade base",
        "prisma migrate reset",
        "prisma db push --force-reset",
        "prisma db push --accept-data-loss",
        # drizzle-kit push --force accepts every data-loss statement without asking
        "drizzle-kit push --force",
        *(
            f"{tool} db:{task}"
            for tool in ("rails", "rake")
            # not schema:load: loading the schema into a fresh (test) database is everyday
            for task in ("drop", "reset", "purge", "migrate:reset", "truncate_all")
        ),
        "manage.py flush",
        "manage.py reset_db",
        "manage.py migrate <any> zero",
        "artisan migrate:fresh",
        "artisan migrate:reset",
        "artisan migrate:refresh",
        "artisan db:wipe",
        "sequelize db:drop",
        "sequelize db:migrate:undo:all",
        "sequelize-cli db:drop",
        "sequelize-cli db:migrate:undo:all",
        "knex migrate:rollback --all",
        "typeorm schema:drop",
        "dbmate drop",
        "goose reset",
        "migrate drop",
        "atlas schema clean",
        "diesel database reset",
        "sqlx database reset",
        "sqlx database drop",
        "mix ecto.reset",
        "mix ecto.drop",
        "console doctrine:schema:drop --force",
        "console doctrine:database:drop --force",
        "supabase db reset",
        within_tool=True,
        aside=_DATABASE_MACHINE + _DATABASE_BELONGINGS,
        configured_place=True,
    ),
    # Every migration rolled back: each down migration drops what its up created, so the schema
    # ends empty, as a wipe leaves it (Alembic and Flask-Migrate to `base`, Django to `zero`, Rails
    # to VERSION=0, Knex `--all`, Sequelize `undo:all`, Ecto `--all`, Diesel `--all`, EF Core to
    # migration 0, Phinx to target 0, goose reset, Doctrine to `first`, Yii `down all`, Laravel's
    # migrate:reset); one step back stays allowed.
    concept(
        "roll back every migration",
        "roll back|rollback|rolled back|rolling back|rolls back|back to|downgrad|revert|undo|undid|"
        "unappl|roll every|rolled every|rolled all|rolled the|migrated down|migrate down & "
        "migrat|schema|database|db & base|zero|every|all|beginning|first version|first migration|"
        "empty schema|version 0|start over|from scratch",
        "alembic downgrade base",
        "flask db downgrade base",
        "manage.py migrate <any> zero",
        *(f"{tool} db:migrate VERSION=0" for tool in ("rails", "rake")),
        "knex migrate:rollback --all",
        "sequelize db:migrate:undo:all",
        "sequelize-cli db:migrate:undo:all",
        "mix ecto.rollback --all",
        "diesel migration revert --all",
        {"program": "dotnet", "args": ["ef", "database", "update", "0"]},
        {"program": "phinx", "args": ["rollback"], "options": {"--target": "0"}},
        {"program": "phinx", "args": ["rollback", "0"], "flags": ["-t"]},
        "goose reset",
        "console doctrine:migrations:migrate first",
        "yii migrate/down all",
        "artisan migrate:reset",
        within_tool=True,
        configured_place=True,
    ),
    concept(
        "restore over a database",
        "restor|import|load & database|db|dump|backup",
        "pg_restore --clean",
        "psql < <any>",
        "mysql < <any>",
        "pg_restore",
        production=True,
    ),
    # Rails loading the schema file over a database: every table is created again, empty
    # (`db:schema:load`, the older `db:structure:load`, and `db:seed:replant`, which truncates
    # every table before seeding); on a fresh test database it is everyday.
    concept(
        "load the schema over a production database",
        "schema:load|structure:load|schema load|load the schema|loading the schema|seed:replant|"
        "replant",
        *(
            f"{tool} db:{task}"
            for tool in ("rails", "rake")
            for task in ("schema:load", "structure:load", "seed:replant")
        ),
        production=True,
    ),
    concept(
        "run migrations",
        "migration|migrate|schema change",
        "manage.py migrate",
        "alembic upgrade",
        "rails db:migrate",
        "rake db:migrate",
        "prisma migrate deploy",
        "flyway migrate",
        "knex migrate:latest",
        "supabase db push",
        "supabase migration up",
        # each migration tool's command applying pending migrations (its CLI reference)
        "liquibase update",
        "sequelize db:migrate",
        "sequelize-cli db:migrate",
        "typeorm migration:run",
        "artisan migrate",
        "dbmate up",
        "dbmate migrate",
        "goose up",
        "migrate up",
        "atlas migrate apply",
        "diesel migration run",
        "sqlx migrate run",
        "drizzle-kit migrate",
        production=True,
        # a sentence naming a migration that drops or resets is about that one (the concepts
        # above), not every migration applied
        unless=_WIPING_MIGRATION_WORDS,
    ),
    concept(
        "prune Docker volumes",
        "volume & prun|DELETE|down -v",
        "docker system prune --volumes",
        "docker volume prune",
        "docker compose down --volumes",
        "docker volume rm",
        "docker compose rm --volumes",
        "docker rm --volumes",
        # every volume at once is the next concept's (`docker volume rm $(docker volume ls -q)`
        # reads as a prune): one named volume removed is not it
        unless=tuple(
            f"{every} {docker}volumes" if every.startswith("all") else f"{every} {docker}volume"
            for every in ("all", "all the", "all of the", "every", "each")
            for docker in ("", "docker ", "named ", "the docker ")
        ),
    ),
    # Every volume no container uses, or a project's volumes, deleted with their data, by each
    # container engine (docker, podman and nerdctl share the subcommands).
    concept(
        "prune every unused volume",
        "volume & prun|DELETE|down -v",
        "docker system prune --volumes",
        "docker volume prune",
        "docker compose down --volumes",
        "podman volume prune",
        "podman system prune --volumes",
        "nerdctl volume prune",
        "nerdctl system prune --volumes",
        within_tool=True,
    ),
    concept(
        "prune every Docker image",
        "docker|container & image|everything|all unused|unused data & prun|clean up everything|wip",
        "docker system prune --all",
        "docker image prune --all",
        "docker system prune",
    ),
    concept(
        "delete a Kubernetes namespace",
        "namespace & DELETE",
        {"program": "kubectl", "subcommand": ["delete", "namespace"]},
    ),
    concept(
        "delete persistent volumes",
        "pvc|persistent volume|persistentvolume|volume claim|persistent storage & DELETE",
        {"program": "kubectl", "subcommand": ["delete", "persistentvolumeclaim"]},
        {"program": "kubectl", "subcommand": ["delete", "persistentvolume"]},
        "kubectl delete persistentvolumeclaim <any>",
        "kubectl delete persistentvolume <any>",
        within_tool=True,
    ),
    concept(
        "delete every resource",
        "all resources|every resource|everything in|all pods|every pod|--all|all the pods|"
        "all deployments & DELETE",
        "kubectl delete --all",
        {"program": "kubectl", "subcommand": ["delete", "all"]},
    ),
    concept(
        "delete CRDs",
        "crd|custom resource definition|customresourcedefinition & DELETE",
        {"program": "kubectl", "subcommand": ["delete", "customresourcedefinition"]},
        # ... or deleted as the manifests that define them: operators ship their CRDs as a file
        # or directory of their own (`cert-manager.crds.yaml`, `manifests/setup/crds/`)
        *(
            {"program": program, "subcommand": ["delete"], "options": {option: _CRD_MANIFEST}}
            for program in ("kubectl", "oc")
            for option in ("--filename", "--kustomize")
        ),
    ),
    # Stripping an object's finalizers lets Kubernetes delete it before its controller has
    # cleaned up (a namespace's resources, a volume's disk, a load balancer are orphaned): a merge
    # or strategic patch setting them to null or [], or a JSON patch removing them
    concept(
        "remove finalizers",
        "finalizer & DELETE|patch|strip|clear|null|empt",
        *(
            {"program": program, "subcommand": ["patch"], "anywhere": anywhere}
            for program in ("kubectl", "oc")
            for anywhere in ([_NO_FINALIZERS], [_FINALIZERS_PATH, _REMOVE_OP])
        ),
        # a namespace's finalizers replaced through its `finalize` subresource
        *(
            {"program": program, "subcommand": ["replace"], "options": {"--raw": "re:/finalize$"}}
            for program in ("kubectl", "oc")
        ),
    ),
    concept(
        "drain or cordon nodes",
        "drain|cordon",
        {"program": "kubectl", "subcommand": ["drain"]},
        {"program": "kubectl", "subcommand": ["cordon"]},
    ),
    concept(
        "scale to zero",
        "scale|replicas & zero| 0|to 0|=0|none",
        {"program": "kubectl", "subcommand": ["scale"], "options": {"--replicas": "0"}},
        # ... or a patch setting the replicas to 0
        *(
            {"program": program, "subcommand": ["patch"], "anywhere": [_NO_REPLICAS]}
            for program in ("kubectl", "oc")
        ),
    ),
    concept(
        "change a cluster by hand",
        "kubectl|cluster|kubernetes|k8s|manifest & edit|patch|apply|by hand|manual|directly|"
        "hand-edit",
        "kubectl edit",
        "kubectl patch",
        "kubectl apply",
        "kubectl replace",
        "kubectl set",
        "kubectl scale",
        production=True,
    ),
    concept(
        "uninstall a Helm release",
        "helm|chart|helm release & DELETE|uninstall",
        "helm uninstall",
    ),
    concept(
        "cluster-admin for everyone",
        "cluster-admin|cluster admin",
        {
            "program": "kubectl",
            "subcommand": ["create", "clusterrolebinding"],
            "options": {"--clusterrole": "cluster-admin"},
        },
    ),
    concept(
        "destroy infrastructure",
        "terraform|tofu|infrastructure|infra|stack|resources|pulumi & destroy|tear down|"
        "tearing down|teardown",
        "terraform destroy",
        "terraform apply --destroy",
        "tofu destroy",
        "tofu apply --destroy",
        "terragrunt destroy",
        "terragrunt run-all destroy",
        "pulumi destroy",
        "pulumi stack rm <any>",
        "cdk destroy",
        "cdktf destroy",
        "sst remove",
        "serverless remove",
        "sam delete",
        {"program": "aws", "subcommand": ["cloudformation", "delete-stack"]},
        "az deployment group delete <any>",
        "gcloud infra-manager deployments delete <any>",
    ),
    # Forcing the replacement of a resource: it is destroyed and made again, with its data
    # (terraform's -replace, which deprecates taint; Pulumi's --replace and --target-replace).
    concept(
        "force the replacement of infrastructure",
        "replac|taint|recreat|re-creat & resource|infrastructure|terraform|tofu|pulumi|stateful|"
        "database|instance",
        "terraform apply -replace=<any>",
        "terraform taint <any>",
        "pulumi up --replace <any>",
        "pulumi up --target-replace <any>",
        "pulumi state taint <any>",
        within_tool=True,
    ),
    concept(
        "apply without review",
        "auto-approve|without review|without a plan|without plan|without approval|unreviewed|"
        "skip the plan|skipping the plan|without reviewing|-y|--yes|without confirmation|"
        "without confirming & terraform|apply|destroy|pulumi|infrastructure|tofu",
        "terraform apply --auto-approve",
        "terraform destroy --auto-approve",
        "pulumi up --yes",
        "pulumi destroy --yes",
    ),
    concept(
        "edit Terraform state by hand",
        "state & rm|remov|delet|edit|push|manipulat|by hand|manual|mv|move|unlock|force-unlock|"
        "surgery|overwrit|clobber|replac|restor",
        "terraform state rm",
        "tofu state rm",
        "terragrunt state rm",
        "pulumi state delete <any>",
        "tofu state push",
        "tofu force-unlock",
        "pulumi cancel",
        "terraform state push",
        "terraform state mv",
        "terraform force-unlock",
        "terraform state replace-provider",
        # pulumi-stack-import(1): the stack's state becomes the file's
        "pulumi stack import",
    ),
    concept(
        # Terraform's lock keeps two runs from writing one state: running without it
        # (`-lock=false`, "dangerous if others might concurrently run commands against the
        # same workspace") and removing another run's lock (`force-unlock`) defeat it alike
        "defeat state locking",
        "lock & disabl|without|-lock=false|off|skip|bypass|unlock|lock open|held the lock|"
        "holds the lock|holding the lock",
        "terraform force-unlock <any>",
        *(
            f"terraform {command} -lock=false"
            for command in ("apply", "destroy", "import", "refresh", "taint")
        ),
        within_tool=True,
    ),
    concept(
        "run a playbook against every host",
        "ansible|playbook & all hosts|every host|without --limit|without limit|no limit|"
        "entire inventory|whole inventory|all servers|every server",
        {"program": "ansible-playbook", "without": ["--limit", "--check"]},
        # an ad hoc command on every host as root (a ping or a fact gathered without it reads)
        {"program": "ansible", "args": ["all"], "flags": ["--become"]},
    ),
    concept(
        "make storage public",
        "public|everyone|anonymous|world-readable|allusers|anyone & bucket|s3|storage|blob|object|"
        "acl|container",
        {"program": "aws", "subcommand": ["s3api", "put-bucket-acl"], "anywhere": [EVERYONE]},
        {"program": "aws", "subcommand": ["s3api", "put-object-acl"], "anywhere": [EVERYONE]},
        {"program": "aws", "subcommand": ["s3"], "options": {"--acl": EVERYONE}},
        {"program": "aws", "subcommand": ["s3api", "delete-public-access-block"]},
        {"program": "gsutil", "anywhere": [EVERYONE]},
        {"program": "gcloud", "subcommand": ["storage"], "anywhere": [EVERYONE]},
        {
            "program": "az",
            "subcommand": ["storage"],
            "options": {"--public-access": "re:(?i)^(blob|container)$"},
        },
        {
            "program": "az",
            "subcommand": ["storage"],
            "options": {"--allow-blob-public-access": "re:(?i)^true$"},
        },
    ),
    concept(
        "delete a bucket's contents",
        "bucket|s3|gcs|blob|object storage|cloud storage|storage account & DELETE|rm -r|empty",
        "aws s3 rm --recursive",
        "aws s3 rb --force",
        "gsutil rm -r",
        "gcloud storage rm --recursive",
        "az storage blob delete-batch",
        "aws s3 sync --delete",
        "gsutil rsync -d",
        "gcloud storage rsync --delete-unmatched-destination-objects",
        "az storage container delete <any>",
        "azcopy remove --recursive",
        "rclone purge <any>",
        "rclone delete <any>",
        "mc rm --recursive --force <any>",
        "mc rb --force <any>",
        # a storage account goes with every container and blob in it
        "az storage account delete <any>",
        "s3cmd del --recursive <any>",
        "s3cmd rb --recursive <any>",
    ),
    concept(
        "grant administrator access",
        "admin|owner|full access|administratoraccess|roles/owner|*:*|root account & grant|attach|"
        "assign|role|policy|iam|give",
        # attaching grants it; detaching or listing it does not
        *(
            {
                "program": "aws",
                "subcommand": ["iam", f"attach-{who}-policy"],
                "anywhere": ["re:(?i)administratoraccess"],
            }
            for who in ("role", "user", "group")
        ),
        # ... or written inline: a policy allowing every action on every resource
        *(
            {
                "program": "aws",
                "subcommand": ["iam", call],
                "anywhere": [_EVERY_ACTION, _EVERY_RESOURCE],
            }
            for call in (
                "put-role-policy",
                "put-user-policy",
                "put-group-policy",
                "create-policy",
                "create-policy-version",
            )
        ),
        # a binding added on a project, folder, organisation or service account; removing one or
        # reading the policy does not grant it
        *(
            {
                "program": "gcloud",
                "subcommand": [*on, "add-iam-policy-binding"],
                "options": {"--role": "re:(?i)^roles/(owner|editor)$"},
            }
            for on in (
                ("projects",),
                ("organizations",),
                ("resource-manager", "folders"),
                ("iam", "service-accounts"),
            )
        ),
        {
            "program": "az",
            "subcommand": ["role", "assignment", "create"],
            "anywhere": ["re:(?i)^(owner|contributor)$"],
        },
    ),
    # A cloud product named in a sentence is the resource its CLI deletes (each provider's CLI
    # reference: `gcloud projects delete`, `aws rds delete-db-instance`, `az group delete`, …).
    concept(
        "delete a cloud project",
        "gcp|google cloud|gcloud|cloud project|firebase & project & DELETE|shut down|shutting down",
        "gcloud projects delete <any>",
    ),
    concept(
        "delete a Cloud SQL instance or database",
        "cloud sql|cloudsql & DELETE",
        "gcloud sql instances delete <any>",
        "gcloud sql databases delete <any>",
    ),
    concept(
        "delete a managed Kubernetes cluster",
        "gke|kubernetes engine|eks|aks|doks|lke|managed kubernetes|kubernetes|k8s|openshift & "
        "cluster & DELETE|tear down|tearing down",
        "gcloud container clusters delete <any>",
        "aws eks delete-cluster <any>",
        "eksctl delete cluster <any>",
        "az aks delete <any>",
        "doctl kubernetes cluster delete <any>",
        "linode-cli lke cluster-delete <any>",
        "civo kubernetes remove <any>",
        "scw k8s cluster delete <any>",
        "ibmcloud ks cluster rm <any>",
        "rosa delete cluster <any>",
        # kops provisions real clusters; kind, k3d and minikube run throwaway local ones, and
        # deleting those is everyday
        "kops delete cluster <any>",
    ),
    concept(
        "delete virtual machines",
        "ec2|compute engine|gce|virtual machine|vm instance|vms|azure vm|droplet & DELETE|"
        "terminat",
        *_VM_DELETES,
    ),
    # "Terminated the instances": terminating is what the clouds call deleting a machine
    concept(
        "terminate instances",
        "instance & terminat",
        *_VM_DELETES,
    ),
    # Managed caches (ElastiCache, Memorystore, Azure Cache for Redis) deleted with their data.
    concept(
        "delete a managed cache",
        "elasticache|memorystore|azure cache|redis|memcached|valkey|cache cluster|cache & DELETE",
        "aws elasticache delete-replication-group <any>",
        "aws elasticache delete-cache-cluster <any>",
        "aws elasticache delete-serverless-cache <any>",
        "gcloud redis instances delete <any>",
        "gcloud memcache instances delete <any>",
        "az redis delete <any>",
        within_tool=True,
    ),
    # Serverless functions (Lambda, Cloud Functions, Azure Functions) deleted.
    concept(
        "delete a serverless function",
        "lambda|cloud function|function app|functionapp|serverless function|function & DELETE",
        "aws lambda delete-function <any>",
        "gcloud functions delete <any>",
        "az functionapp delete <any>",
        within_tool=True,
    ),
    # Virtual networks (VPC, VPC network, VNet) deleted with what hangs off them.
    concept(
        "delete a virtual network",
        "vpc|virtual network|vnet|cloud network & DELETE",
        "aws ec2 delete-vpc <any>",
        "gcloud compute networks delete <any>",
        "az network vnet delete <any>",
        "doctl vpcs delete <any>",
        within_tool=True,
    ),
    concept(
        "delete a managed database",
        "rds|aurora|dynamodb|cosmos|azure sql|managed database|cloud sql|database instance|"
        "db instance|database cluster|db cluster|database server|flexible server|flexible-server"
        " & DELETE",
        *_MANAGED_DATABASE_DELETES,
        *_AWS_DATABASE_DELETES,
        "aws dynamodb delete-table <any>",
        "az cosmosdb delete <any>",
        within_tool=True,
    ),
    concept(
        "delete an infrastructure stack or group",
        "cloudformation|resource group|cfn stack|cdk stack|serverless stack|sam stack & DELETE|"
        "destroy|remov|tear down|tearing down",
        "aws cloudformation delete-stack <any>",
        "az group delete <any>",
        # Google Cloud groups resources by project, as Azure does by resource group
        "gcloud projects delete <any>",
        # the tools that deploy through CloudFormation delete the stack they made (the CDK's
        # `destroy`, the Serverless Framework's `remove`, SAM's `delete`)
        "cdk destroy",
        "serverless remove",
        "sam delete",
        configured_place=True,
    ),
    concept(
        "delete a node pool",
        "node pool|nodepool|node-pool|node group|nodegroup|worker pool & DELETE",
        "gcloud container node-pools delete <any>",
        "az aks nodepool delete <any>",
        "eksctl delete nodegroup <any>",
        "aws eks delete-nodegroup <any>",
        "doctl kubernetes cluster node-pool delete <any>",
        "linode-cli lke pool-delete <any>",
        "oci ce node-pool delete <any>",
    ),
    concept(
        "delete a bucket",
        "bucket|storage account & DELETE",
        "aws s3 rb <any>",
        "aws s3api delete-bucket <any>",
        "gcloud storage buckets delete <any>",
        "gsutil rb <any>",
        "az storage account delete <any>",
        "az storage container delete <any>",
        "rclone purge <any>",
        "mc rb <any>",
        "s3cmd rb <any>",
        "doctl spaces delete <any>",
    ),
    concept(
        "delete cloud databases without a snapshot",
        "snapshot|backup & without|skip|no final|delet",
        *(
            f"aws {service} {verb} --skip-final-snapshot"
            for service in ("rds", "docdb", "neptune")
            for verb in ("delete-db-instance", "delete-db-cluster")
        ),
        "aws redshift delete-cluster --skip-final-cluster-snapshot",
        "aws lightsail delete-relational-database --skip-final-snapshot",
        # the other providers' deletes take no final backup of their own
        *_MANAGED_DATABASE_DELETES[2:],
        within_tool=True,
    ),
    # Storage below the filesystem: a ZFS dataset or pool (zfs(8), zpool(8): `-n` is a dry run),
    # an LVM volume (lvremove(8): `-t/--test` changes nothing), a btrfs subvolume (btrfs(8)
    # takes any unambiguous prefix of a command: `btrfs sub del`), a Ceph pool or image, a
    # Stratis pool. Listing, snapshotting and growing them stay allowed.
    concept(
        "destroy a storage pool, dataset or volume",
        "zfs|zpool|storage pool|logical volume|volume group|physical volume|lvm|btrfs|"
        "subvolume|ceph|rbd|zvol|stratis & DELETE|destroy",
        {"program": "zfs", "args": ["destroy"], "without": ["-n"]},
        {"program": "zpool", "args": ["destroy"]},
        *(
            {"program": program, "without": ["-t", "--test"]}
            for program in ("lvremove", "vgremove", "pvremove")
        ),
        *(
            {"program": "lvm", "args": [program], "without": ["-t", "--test"]}
            for program in ("lvremove", "vgremove", "pvremove")
        ),
        {"program": "btrfs", "args": ["re:^sub(v|vo|vol|volu|volum|volume)?$", "re:^del"]},
        {"program": "ceph", "args": ["osd", "pool", "re:^(delete|rm)$"]},
        {"program": "rbd", "args": ["re:^(rm|remove|trash)$"]},
        {"program": "stratis", "args": ["re:^(pool|filesystem|fs)$", "destroy"]},
        within_tool=True,
    ),
    # Backups and snapshots: the way back from a bad change (each provider's CLI reference);
    # listing, describing and creating them stay allowed.
    concept(
        "delete backups or snapshots",
        "snapshot|backup|recovery point & DELETE",
        "aws rds delete-db-snapshot <any>",
        "aws rds delete-db-cluster-snapshot <any>",
        "aws ec2 delete-snapshot <any>",
        "aws backup delete-recovery-point <any>",
        "aws backup delete-backup-vault <any>",
        "aws dynamodb delete-backup <any>",
        "gcloud sql backups delete <any>",
        "gcloud compute snapshots delete <any>",
        "az snapshot delete <any>",
        "az backup protection disable --delete-backup-data <any>",
        "doctl compute snapshot delete <any>",
        within_tool=True,
    ),
    # Message brokers and queues: purging or deleting what waits to be consumed, in every
    # major broker (rabbitmqctl(8) and rabbitmqadmin, Celery's `purge`, the AWS CLI's sqs, sns
    # and kinesis, gcloud pubsub (a seek acknowledges every message before the time), Kafka's
    # kafka-topics and Redpanda's rpk, the NATS CLI, Azure Service Bus and Event Hubs, ActiveMQ
    # Artemis); listing or describing them stays allowed.
    concept(
        "purge or delete a message queue",
        "queue|broker|rabbitmq|celery|kafka|topic|sqs|pub/sub|pubsub|jetstream|nats|service bus|"
        "servicebus|event hub|eventhub|kinesis|sns|redpanda|activemq|artemis|amqp & DELETE|purg|"
        "flush|drain",
        "rabbitmqctl purge_queue <any>",
        "rabbitmqctl delete_queue <any>",
        "rabbitmqctl delete_vhost <any>",
        "rabbitmqctl reset",
        "rabbitmqctl force_reset",
        "rabbitmqadmin purge queue <any>",
        "rabbitmqadmin delete queue <any>",
        "rabbitmqadmin delete exchange <any>",
        "rabbitmqadmin queues purge <any>",
        "rabbitmqadmin queues delete <any>",
        # the management plugin's HTTP API: DELETE /api/queues/{vhost}/{name}/contents purges a
        # queue, DELETE /api/queues/{vhost}/{name} deletes it (and /api/vhosts/{vhost} a vhost)
        {
            "program": "curl",
            "options": {"--request": "re:(?i)^delete$"},
            "anywhere": [r"re:/api/(queues/[^/]+/[^/?]+(/contents)?|vhosts/[^/?]+)/?(\?.*)?$"],
        },
        "celery purge",
        "celery amqp queue.purge <any>",
        "celery amqp queue.delete <any>",
        "aws sqs purge-queue <any>",
        "aws sqs delete-queue <any>",
        "aws sns delete-topic <any>",
        "aws kinesis delete-stream <any>",
        "gcloud pubsub topics delete <any>",
        "gcloud pubsub subscriptions delete <any>",
        "gcloud pubsub subscriptions seek <any>",
        "kafka-topics --delete",
        "kafka-delete-records",
        # a retention of seconds makes the broker delete every message older: a purge
        {
            "program": "kafka-configs",
            "flags": ["--alter"],
            "options": {"--add-config": "re:(^|,)retention\\.ms=\\d{1,4}(,|$)"},
        },
        "rpk topic delete <any>",
        "rpk topic trim-prefix <any>",
        "nats stream purge <any>",
        "nats stream rm <any>",
        "nats stream delete <any>",
        "nats consumer rm <any>",
        "nats kv purge <any>",
        "nats kv rm <any>",
        "az servicebus queue delete <any>",
        "az servicebus topic delete <any>",
        "az servicebus namespace delete <any>",
        "az eventhubs eventhub delete <any>",
        "az eventhubs namespace delete <any>",
        "artemis queue purge <any>",
        "artemis queue delete <any>",
        "redis-cli flushall",
        "redis-cli flushdb",
    ),
    # An encryption or signing key destroyed (or disabled) in a key manager: what it encrypted or
    # signed can no longer be read or verified. A report of it reaches the other key managers,
    # not the secret stores beside them (a secret deleted is another object).
    concept(
        "destroy an encryption key",
        "kms|encryption key|signing key|key vault|keyvault|key ring|keyring|cmk|"
        "customer managed key & DELETE|destroy|purg|schedul|disabl",
        *_KEY_DESTRUCTIONS,
    ),
    # Secret stores and key managers: deleting, destroying or purging a secret or a key, in
    # every major store (Vault's kv and secrets engines, AWS Secrets Manager, SSM Parameter
    # Store and KMS, Google Secret Manager and Cloud KMS, Azure Key Vault, Kubernetes secrets,
    # Doppler, 1Password, Infisical, GitHub and GitLab CI secrets), and through their HTTP APIs;
    # reading, listing or describing them stays allowed.
    concept(
        "delete a secret or a key from its store",
        "secret|vault|keyvault|key vault|kms|encryption key|signing key|parameter store|"
        "ssm parameter|credential & DELETE|destroy|purg|schedul",
        # not `vault kv delete`: on KV version 2 (Vault's default secret engine) it only marks
        # the latest version deleted, and `vault kv undelete` brings it back
        "vault kv destroy <any>",
        "vault kv metadata delete <any>",
        "vault secrets disable <any>",
        "vault delete <any>",
        # every lease under a path revoked at once: each dynamic credential it issued stops
        # working (vault-lease-revoke(1) -prefix)
        *(
            {"program": "vault", "subcommand": ["lease", "revoke"], "flags": [flag]}
            for flag in ("-prefix", "--prefix")
        ),
        "aws secretsmanager delete-secret <any>",
        "aws ssm delete-parameter <any>",
        "aws ssm delete-parameters <any>",
        # what a sentence about secrets also names; a report of a key's command is read by the
        # key concept, the narrower one holding it
        *_KEY_DESTRUCTIONS,
        "gcloud secrets delete <any>",
        "gcloud secrets versions destroy <any>",
        *(
            f"az keyvault {what} {verb} <any>"
            for what in ("secret", "certificate")
            for verb in ("delete", "purge")
        ),
        {"program": "kubectl", "subcommand": ["delete", "secret"]},
        "doppler secrets delete <any>",
        "op item delete <any>",
        "op vault delete <any>",
        "infisical secrets delete <any>",
        "gh secret delete <any>",
        "glab variable delete <any>",
        # the stores' HTTP APIs (Vault's /v1/…, GitHub's …/actions/secrets/…)
        {
            "program": "gh",
            "subcommand": ["api"],
            "options": {"--method": "re:(?i)^delete$"},
            "anywhere": ["re:(?i)secret"],
        },
        {
            "program": "curl",
            "options": {"--request": "re:(?i)^delete$"},
            "anywhere": ["re:(?i)(/v1/|secret)"],
        },
        # a store's other ways of destroying secrets are the same danger (`vault secrets disable`
        # deletes every secret of the mount, as `kv metadata delete` does one secret's versions)
        within_tool=True,
    ),
    # Hosting and deploy CLIs: a deploy straight to production, and deleting what they host
    # (Vercel, Netlify, Firebase, Fly.io, Heroku, Cloudflare's wrangler, Railway, Google App
    # Engine and Cloud Run, AWS Amplify and Elastic Beanstalk); preview deploys, listing, logs
    # and status stay allowed.
    concept(
        "deploy to production by hand",
        "production|prod|live & deploy|ship|release|publish|push|promot|roll out|rolling out",
        "vercel --prod",
        "vercel deploy --prod",
        "vercel promote <any>",
        "netlify deploy --prod",
        "netlify deploy --prod-if-unlocked",
        "firebase deploy",
        "fly deploy",
        "heroku container:release <any>",
        {"program": "git", "subcommand": ["push"], "args": ["heroku"]},
        "wrangler deploy",
        "wrangler publish",
        "railway up",
        "gcloud app deploy",
        "eb deploy",
        "amplify publish",
        production=True,
    ),
    concept(
        "delete a hosted site or app",
        "vercel|netlify|firebase|fly.io|flyctl|fly app|heroku|wrangler|cloudflare worker|"
        "cloudflare pages|railway|app engine|cloud run|amplify|beanstalk|hosting|hosted|site|"
        "deployment & DELETE|"
        "destroy|tear down|tearing down|take down|taking down",
        "vercel remove <any>",
        "vercel project remove <any>",
        "vercel project rm <any>",
        "netlify sites:delete <any>",
        "firebase hosting:disable",
        "fly apps destroy <any>",
        "fly destroy <any>",
        "heroku apps:destroy <any>",
        "wrangler delete <any>",
        "wrangler pages project delete <any>",
        "railway down",
        "gcloud run services delete <any>",
        "gcloud app services delete <any>",
        "aws amplify delete-app <any>",
        "eb terminate <any>",
    ),
    # Container registries: deleting images, tags or whole repositories (AWS ECR, Google
    # Artifact Registry and Container Registry, Azure ACR, Docker Hub via hub-tool, GitHub
    # Packages through gh api, crane, skopeo, regctl, oras); listing and inspecting stay allowed.
    concept(
        "delete images from a container registry",
        "registry|ecr|gcr|artifact registry|acr|docker hub|ghcr|quay|harbor|repository & "
        "image|tag|digest|repositor|package & DELETE|untag",
        "aws ecr batch-delete-image <any>",
        "aws ecr delete-repository <any>",
        "gcloud artifacts docker images delete <any>",
        "gcloud artifacts docker tags delete <any>",
        "gcloud artifacts repositories delete <any>",
        "gcloud container images delete <any>",
        "gcloud container images untag <any>",
        "az acr repository delete <any>",
        "az acr repository untag <any>",
        "az acr delete <any>",
        "hub-tool tag rm <any>",
        "crane delete <any>",
        "skopeo delete <any>",
        "regctl tag delete <any>",
        "regctl manifest delete <any>",
        "oras manifest delete <any>",
        {
            "program": "gh",
            "subcommand": ["api"],
            "options": {"--method": "re:(?i)^delete$"},
            "anywhere": ["re:(?i)/packages/"],
        },
    ),
    # DNS: deleting a zone or its records (Route 53, Cloud DNS, Azure DNS, DigitalOcean,
    # Cloudflare's flarectl, Linode); listing records stays allowed.
    concept(
        "delete DNS zones or records",
        "dns|hosted zone|route 53|route53|zone|domain|record & DELETE",
        "aws route53 delete-hosted-zone <any>",
        {
            "program": "aws",
            "subcommand": ["route53", "change-resource-record-sets"],
            "anywhere": ["re:(?i)delete"],
        },
        "gcloud dns managed-zones delete <any>",
        "gcloud dns record-sets delete <any>",
        "az network dns zone delete <any>",
        *(
            f"az network dns record-set {kind} delete <any>"
            for kind in ("a", "aaaa", "cname", "mx", "ns", "txt", "srv", "caa", "ptr")
        ),
        "doctl compute domain delete <any>",
        "doctl compute domain records delete <any>",
        "flarectl dns delete <any>",
        "linode-cli domains delete <any>",
    ),
    # CI/CD and releases: deleting releases, workflows' runs, caches, variables, environments,
    # deployments and repositories with gh and glab (and through gh api or curl); viewing them
    # stays allowed. Each object is its own danger, named by its own word: "removed the keystore
    # from the repo" deletes no repository, and a "release keystore" is no release.
    concept(
        "delete a release on the forge",
        "release & DELETE",
        "gh release delete <any>",
        "gh release delete-asset <any>",
        "glab release delete <any>",
        {
            "program": "gh",
            "subcommand": ["api"],
            "options": {"--method": "re:(?i)^delete$"},
            "anywhere": ["re:(?i)/releases(/|$)"],
        },
        {
            "program": "curl",
            "options": {"--request": "re:(?i)^delete$"},
            "anywhere": ["re:(?i)/releases/"],
        },
        unless=_KEY_WORDS,
        within_tool=True,
    ),
    concept(
        "delete a repository on the forge",
        "repo|repository|repositories|project & DELETE",
        "gh repo delete <any>",
        "glab repo delete <any>",
        {
            "program": "curl",
            "options": {"--request": "re:(?i)^delete$"},
            "anywhere": ["re:(?i)/projects/"],
        },
        # what is removed from, or cleaned in, a repository is not the repository
        unless=(
            *_KEY_WORDS,
            "from the repo",
            "from a repo",
            "from our repo",
            "in the repo",
            "from the repository",
            "in the repository",
            "from a repository",
            "untracked",
            "ignored files",
            "protection",
            "branch",
        ),
        within_tool=True,
    ),
    concept(
        "delete CI runs, caches, variables, environments or pipelines on the forge",
        "workflow|pipeline|environment|deployment|github|gitlab|actions|ci/cd|ci cache|ci run|"
        "ci variable|the ci & workflow run|run history|run logs|cache|variable|environment|"
        "deployment|pipeline & DELETE",
        *(
            line
            for noun, lines in (
                ("run", ("gh run delete <any>",)),
                ("cache", ("gh cache delete <any>",)),
                ("variable", ("gh variable delete <any>", "glab variable delete <any>")),
                ("pipeline", ("glab ci delete <any>",)),
            )
            for line in lines
        ),
        {
            "program": "gh",
            "subcommand": ["api"],
            "options": {"--method": "re:(?i)^delete$"},
            "anywhere": ["re:(?i)/(environments|deployments|actions)(/|$)"],
        },
        {
            "program": "curl",
            "options": {"--request": "re:(?i)^delete$"},
            "anywhere": ["re:(?i)/(environments|deployments|pipelines)/"],
        },
        within_tool=True,
    ),
    concept(
        "disable CI workflows",
        "workflow|pipeline|ci|github actions|gitlab ci|continuous integration & DISABLE|DELETE",
        "gh workflow disable <any>",
        {
            "program": "gh",
            "subcommand": ["api"],
            "anywhere": ["re:(?i)/actions/workflows/[^/]+/disable$"],
        },
        {
            "program": "gh",
            "subcommand": ["api"],
            "anywhere": ["re:(?i)/actions/permissions$", "re:(?i)^enabled=false$"],
        },
        # the workflow files themselves
        {"program": "git", "subcommand": ["rm"], "args": ["re:(^|/)\\.github/workflows(/|$)"]},
        {"program": "rm", "args": ["re:(^|/)\\.github/workflows(/|$)"]},
        # renamed out of the directory or to a name the runner does not read
        {"program": "git", "subcommand": ["mv"], "args": ["re:(^|/)\\.github/workflows/"]},
        {"program": "mv", "args": ["re:(^|/)\\.github/workflows/"]},
        {"program": "git", "subcommand": ["rm"], "args": ["re:(^|/)\\.gitlab-ci\\.ya?ml$"]},
        {"program": "rm", "args": ["re:(^|/)\\.gitlab-ci\\.ya?ml$"]},
    ),
    concept(
        "pipe a download into a shell",
        "pip|curl|wget|download|remote script|internet|url & shell|sh|bash|interpreter|execut|run|"
        "pipe",
        "curl <any> | sh",
    ),
    concept(
        "install unsigned packages",
        "unsigned|untrusted|nogpgcheck|gpg check|signature|unauthenticated|allow-unauthenticated & "
        # what is unsigned must be a package ("a disk's signatures" are not)
        "packag|install|apt|dnf|yum|rpm|apk|snap|dpkg|deb|repositor|repo",
        "apt install --allow-unauthenticated",
        "dnf install --nogpgcheck",
        "rpm --nosignature",
        "apk add --allow-untrusted",
        "snap install --dangerous",
        "dpkg --force-all",
        "apt-get install --force-yes",
    ),
    concept(
        "force dependency upgrades",
        "audit fix & force",
        "npm audit fix --force",
    ),
    # Package runners fetching a package from the registry and running it without asking: npx
    # and `npm exec` told --yes, pnpm dlx, yarn dlx, bunx (all read as `npm exec --yes`).
    concept(
        "run an unvetted package with a package runner",
        "npx|dlx|bunx|npm exec|package runner & unvetted|unknown|not checked|unchecked|untrusted|"
        "unverified|forum|random|never heard|without checking|had not checked|typosquat|"
        "not vetted|unfamiliar",
        {"program": "npm", "subcommand": ["exec"], "flags": ["--yes"]},
    ),
    # Cloud access keys and credentials deleted or turned off (IAM access keys, service-account
    # keys, Entra application and service-principal credentials); listing them stays allowed.
    concept(
        "delete cloud access keys",
        "access key|service account key|service-account key|app credential|client secret|"
        "credential|api key & DELETE|revok|deactivat|disabl|rotat",
        "aws iam delete-access-key <any>",
        {
            "program": "aws",
            "subcommand": ["iam", "update-access-key"],
            "options": {"--status": "re:(?i)^inactive$"},
        },
        "gcloud iam service-accounts keys delete <any>",
        "gcloud iam service-accounts keys disable <any>",
        "az ad app credential delete <any>",
        "az ad sp credential delete <any>",
        within_tool=True,
    ),
    # Published package versions deleted from their registry (GitHub Packages through its API,
    # CodeArtifact, Artifact Registry, NuGet, npm, crates.io, RubyGems); listing stays allowed.
    concept(
        "delete published package versions",
        "publish|registry|version & package|crate|gem|npm|nuget|artifact & DELETE|unpublish|yank",
        {
            "program": "gh",
            "subcommand": ["api"],
            "options": {"--method": "re:(?i)^delete$"},
            "anywhere": ["re:(?i)/packages/"],
            "text": "gh api -X DELETE /user/packages/npm/<any>/versions/<any>",
        },
        "aws codeartifact delete-package-versions <any>",
        "aws codeartifact delete-package <any>",
        "gcloud artifacts versions delete <any>",
        "gcloud artifacts packages delete <any>",
        "dotnet nuget delete <any>",
        "nuget delete <any>",
        "npm unpublish <any>",
        "cargo yank <any>",
        "gem yank <any>",
        within_tool=True,
    ),
    # Cloud identities deleted (IAM roles and users, service accounts, custom roles, Entra
    # service principals and applications): everything that runs as them fails.
    concept(
        "delete a cloud identity",
        "iam|service account|service-account|service principal|app registration|cloud role & "
        "DELETE",
        "aws iam delete-role <any>",
        "aws iam delete-user <any>",
        "gcloud iam service-accounts delete <any>",
        "gcloud iam roles delete <any>",
        "az ad sp delete <any>",
        "az ad app delete <any>",
        "az role definition delete <any>",
        within_tool=True,
    ),
    # Every index of an Elasticsearch or OpenSearch cluster deleted (`DELETE /_all`, `DELETE
    # /*`, `DELETE /logs-*`: what `action.destructive_requires_name` refuses), or every
    # document of an index (`_delete_by_query` with `match_all`), over HTTP; a named index's
    # delete is not.
    concept(
        "delete every Elasticsearch index or document",
        "elasticsearch|opensearch|index|indices|documents & DELETE|wip|drop",
        {
            "program": "curl",
            "options": {"--request": "re:(?i)^delete$"},
            # an index expression naming every index or a wildcard of them (`logs-*`,
            # `*,-.*`): what destructive_requires_name refuses
            "args": ["re:^(https?://)?[^/]+/(_all|[^/?]*\\*[^/?]*)/?(\\?.*)?$"],
            "text": "curl -X DELETE <any>",
        },
        {
            "program": "curl",
            "args": ["re:/_delete_by_query(\\?|$)"],
            "anywhere": ["re:match_all"],
        },
        within_tool=True,
    ),
    # ... and in production, one index named (its name is the URL's first segment; not an API
    # under `_`, nor one document deeper in the path)
    concept(
        "delete an Elasticsearch index in production",
        "elasticsearch|opensearch|search index|search cluster & DELETE|drop",
        {
            "program": "curl",
            "options": {"--request": "re:(?i)^delete$"},
            "args": ["re:^(https?://)?[^/]+/[^_/?][^/?]*/?(\\?.*)?$"],
            "anywhere": [PRODUCTION],
            "text": "curl -X DELETE <index>",
        },
        production=True,
    ),
    concept(
        "publish a package",
        "publish|release to npm|release to pypi|upload & package|npm|pypi|crate|gem|registry|"
        "library",
        "npm publish",
        "cargo publish",
        "twine upload",
        "gem push",
        "poetry publish",
        "uv publish",
        # the other clients of the same registries, and the monorepo tools publishing for them
        "pnpm publish",
        "yarn npm publish",
        "bun publish",
        "lerna publish",
        "changeset publish",
        "cargo workspaces publish",
        "cargo release --execute",
        "hatch publish",
        "pdm publish",
        "flit publish",
        "dotnet nuget push",
        "nuget push",
        "paket push",
    ),
    concept(
        "unpublish a package",
        "unpublish|yank",
        "npm unpublish",
        "cargo yank",
        "gem yank",
    ),
    concept(
        "SIGKILL a process",
        "kill -9|sigkill|kill -kill|force kill|force-kill|forcefully kill|killall -9|pkill -9|"
        "hard kill",
        {"program": "kill", "options": {"--signal": "KILL"}, "args": ["{target}"]},
        targets="process",
    ),
    # pkill(1) and killall(1) signal every process whose name matches: "every python process"
    # killed so is every process of any name killed so (the reader gives them, and `pgrep … |
    # xargs kill`, as `kill` of a name; one process id is not one)
    concept(
        "SIGKILL every process matching a name",
        "every|all the|all of| all |any & process & kill -9|sigkill|kill -kill|force kill|"
        "force-kill|forcefully kill|killall -9|pkill -9|hard kill",
        {"program": "kill", "options": {"--signal": "KILL"}, "args": [r"re:^[a-z][\w.@:-]*$"]},
    ),
    concept(
        "stop a service",
        # what a server is called by its role in a deployment ("the Kafka brokers", "the
        # Elasticsearch cluster", "the Jenkins controller") is the service too
        "STOP & service|daemon|server|unit|broker|cluster|controller|instance",
        "systemctl stop {target}",
        "systemctl disable {target}",
        "systemctl mask {target}",
        "systemctl kill {target}",
        "pkill {target}",  # killing a daemon's processes stops it too
        "killall {target}",
        targets="service",
    ),
    # Cutting a remote host off the network locks out whoever reaches it over SSH as surely as
    # stopping sshd: the network units stopped (systemd.network(5), NetworkManager(8)), a link
    # set down (ip-link(8), ifconfig(8), ifdown(8)), networking or a connection turned off
    # (nmcli(1), whose objects go by any prefix: `n`, `con`, `dev`). Bringing links up,
    # restarting and looking stay allowed.
    concept(
        "cut a remote host off the network",
        "remote|logged in|logged into|connected to|over ssh|ssh session|locked out|lock out|"
        "lockout|the only way in & ssh|network|interface|connection|link & STOP|down|off|flush",
        *(
            f"systemctl {verb} {unit}"
            for verb in ("stop", "disable", "mask", "kill")
            for unit in (
                "networking",
                "network",
                "systemd-networkd",
                "NetworkManager",
                "network-manager",
            )
        ),
        {"program": "ip", "args": ["re:^l(i|in|ink)?$", "set", "down"]},
        # every address or route of the host flushed: nothing answers on the link it keeps
        {"program": "ip", "args": [_ADDRESS_OR_ROUTE, "flush"]},
        {"program": "ifconfig", "args": ["down"]},
        "ifdown <any>",
        {"program": "nmcli", "args": ["re:^n[a-z]*$", "off"]},
        {"program": "nmcli", "args": ["re:^c[a-z]*$", "down"]},
        {"program": "nmcli", "args": ["re:^d[a-z]*$", "re:^disconnect$"]},
    ),
    concept(
        "reboot or power off a host",
        "reboot|shutdown|shut down|power off|poweroff|halt|restart the server|restart the host|"
        "restart the machine",
        "reboot",
        "shutdown",
        "poweroff",
        "halt",
        "systemctl reboot",
        "systemctl poweroff",
        "init 0",
        "init 6",
        # Ansible's reboot module, run ad hoc on the hosts it names
        {"program": "ansible", "options": {"--module-name": "re:^(ansible\\.builtin\\.)?reboot$"}},
    ),
    concept(
        "remove the crontab",
        "crontab|cron jobs|cron table & DELETE|-r",
        "crontab -r",
        # crontab(1): a file or standard input replaces the whole table; /dev/null, an empty
        # `echo` or `true` leave it empty
        {"program": "crontab", "args": ["/dev/null"]},
        {
            "program": "re:^(echo|printf)$",
            "args": [r"re:^\s*$"],
            "then": {"program": "crontab", "args": ["-"]},
        },
        {"program": "re:^(true|:)$", "then": {"program": "crontab", "args": ["-"]}},
        # cron's own files: the users' spool and the system's cron.d
        {"program": "rm", "args": [r"re:^/(var/spool/cron|etc/cron\.d)(/|$)"]},
    ),
    concept(
        "erase shell history",
        "history & clear|delet|wip|eras|disabl|unset|remov|hide",
        "history -c",
        {"program": "unset", "args": ["HISTFILE"]},
        {"program": "rm", "args": ["re:\\.(bash|zsh)_history$"]},
        {"program": "write-file", "args": ["re:\\.(bash|zsh)_history$"]},
    ),
    # a host's own logs: its journal and /var/log (not when the sentence names a cloud's log
    # store, which the concept below reads)
    concept(
        "delete a host's logs",
        "log|journal|audit trail & DELETE|truncat|vacuum|rotat",
        "journalctl --vacuum-time <any>",
        "journalctl --vacuum-size <any>",
        {"program": "rm", "args": ["re:^/var/log(/|$)"]},
        {"program": "truncate", "args": ["re:^/var/log/"]},
        {"program": "write-file", "args": ["re:^/var/log/"]},
        within_tool=True,
        unless=_CLOUD_LOG_STORES,
    ),
    concept(
        "delete logs",
        "log|journal|audit trail & DELETE|truncat|vacuum|rotat",
        # the clouds' log stores (CloudWatch Logs, Cloud Logging, Azure Monitor): deleted, or
        # kept a week or less
        "aws logs delete-log-group <any>",
        "aws logs delete-log-stream <any>",
        {
            "program": "aws",
            "subcommand": ["logs", "put-retention-policy"],
            "options": {"--retention-in-days": "re:^[1-7]$"},
        },
        "gcloud logging logs delete <any>",
        "gcloud logging buckets delete <any>",
        {
            "program": "gcloud",
            "subcommand": ["logging", "buckets", "update"],
            "options": {"--retention-days": "re:^[1-7]$"},
        },
        "az monitor log-analytics workspace delete <any>",
        "az monitor diagnostic-settings delete <any>",
        "aws cloudtrail delete-trail <any>",
        within_tool=True,
    ),
    # The audit trail: who did what (CloudTrail, Cloud Audit Logs' sinks, Azure diagnostic
    # settings, Linux auditd); reading its status stays allowed.
    concept(
        "turn the audit trail off",
        "audit|cloudtrail|trail & DELETE|DISABLE",
        "aws cloudtrail delete-trail <any>",
        "aws cloudtrail stop-logging <any>",
        "gcloud logging sinks delete <any>",
        "az monitor diagnostic-settings delete <any>",
        "auditctl -D",
        "auditctl -e 0",
        "systemctl stop auditd",
        "systemctl disable auditd",
        "service auditd stop",
        within_tool=True,
    ),
    # Unmounting a filesystem still in use: lazily or by force, or after killing what uses it
    # (umount(8) -l/-f, fusermount -z, fuser(1) -k -m); a plain umount refuses a busy target.
    concept(
        "unmount a filesystem in use",
        "unmount|umount|detach|out from under & volume|mount|disk|filesystem|file system|"
        "data director|partition|drive",
        "umount --lazy <any>",
        "umount --force <any>",
        "fusermount -u -z <any>",
        "fuser -k -m <any>",
        # a block volume detached by force from the instance still writing to it
        "aws ec2 detach-volume --force <any>",
        within_tool=True,
    ),
    # authorized_keys written over rather than appended to: every other key is gone.
    concept(
        "overwrite authorized_keys",
        "authorized_keys|authorized keys|allowed keys|allowed-keys|ssh keys|ssh key|key file "
        "& overwrit|over |replac|clobber|instead of append|instead of adding",
        {"program": "write-file", "args": ["re:(^|/)authorized_keys2?$"], "without": ["--append"]},
        {"program": "scp", "args": ["re:(^|[/:])authorized_keys2?$"]},
        {"program": "rsync", "args": ["re:(^|[/:])authorized_keys2?$"]},
    ),
    concept(
        "remove a user's password",
        "password & remov|delet|empty|blank|no password|without",
        "passwd -d",
    ),
    concept(
        "eval untrusted input",
        "eval & untrusted|input|user|variable|download|remote|output",
        {"program": "eval", "args": ["re:\\$"]},
    ),
    concept(
        "run commands on production hosts over SSH",
        "ssh & production|prod|live",
        {"program": "ssh", "anywhere": ["re:(?i)(^|[^a-z])prod(uction)?([^a-z]|$)"]},
    ),
    # A phone or tablet wiped, or its bootloader unlocked (which wipes it by design): fastboot's
    # `-w`, its erase or format of the data partitions and its unlock commands (Android's
    # "Locking/unlocking the bootloader"), recovery told to wipe over adb, Apple Configurator's
    # `cfgutil erase` and idevicerestore's erasing restore. Listing, flashing one image and
    # reading variables stay allowed.
    concept(
        "wipe a phone or unlock its bootloader",
        "phone|handset|tablet|device|android|iphone|ipad|pixel|bootloader|fastboot|userdata|"
        "user data|cfgutil|idevicerestore|apple configurator & DELETE|factory|unlock|format",
        {"program": "fastboot", "flags": ["-w"]},
        {
            "program": "fastboot",
            "args": ["re:^(erase|format(:\\w+)?)$", "re:^(userdata|data|metadata)(_[ab])?$"],
        },
        {"program": "fastboot", "args": ["re:^(flashing|oem)$", "re:^unlock"]},
        {"program": "adb", "anywhere": ["re:^--wipe_data$"]},
        {"program": "cfgutil", "args": ["erase"]},
        *({"program": "idevicerestore", "flags": [flag]} for flag in ("--erase", "-e")),
        within_tool=True,
    ),
    # A database server letting clients in without a password: a pg_hba.conf host line with the
    # `trust` method (a local socket's is the documented admin exception), Redis' protected mode
    # off or its password emptied, MySQL or MariaDB started with `--skip-grant-tables`, mongod's
    # `--noauth`, Elasticsearch's security switched off.
    concept(
        "turn off a database's authentication",
        "database|db|postgres|pg_hba|mysql|mariadb|redis|mongo|elasticsearch|opensearch & "
        "authenticat|auth|password|trust|protected-mode|protected mode|requirepass|grant tables|"
        "login|log in & DISABLE|off|trust|without|no password|remov|blank|empty|anyone|any client",
        *(
            pattern
            for line in (r"re:(?i)^\s*host(ssl|nossl|gssenc|nogssenc)?\s.*\strust\s*$",)
            for pattern in (
                {"program": "re:^(echo|printf)$", "anywhere": [line], "then": {"program": "tee"}},
                {"program": "re:^(echo|printf)$", "flags": [">"], "anywhere": [line]},
            )
        ),
        {
            "program": "sed",
            "flags": ["--in-place"],
            "args": ["re:(^|/)pg_hba\\.conf$"],
            "anywhere": [r"re:^s/[^/]*/[^/]*\btrust\b"],
        },
        {
            "program": "redis-cli",
            "args": ["re:(?i)^config$", "re:(?i)^set$", "re:(?i)^protected-mode$", "re:(?i)^no$"],
        },
        {
            "program": "redis-cli",
            "args": ["re:(?i)^config$", "re:(?i)^set$", "re:(?i)^requirepass$", "re:^$"],
        },
        {"program": "redis-server", "options": {"--protected-mode": "no"}},
        {
            "program": "re:^(mysqld|mysqld_safe|mariadbd|mariadbd-safe)$",
            "flags": ["--skip-grant-tables"],
        },
        {"program": "mongod", "flags": ["--noauth"]},
        {"program": "re:.", "anywhere": [r"re:(?i)^xpack\.security\.enabled\s*[=:]\s*false$"]},
        within_tool=True,
    ),
    # Windows' shadow copies (the volume's restore points) deleted: vssadmin(8)'s delete shadows,
    # wmic's shadowcopy delete, and PowerShell handing Win32_ShadowCopy objects to a delete;
    # listing them stays allowed.
    concept(
        "delete Windows shadow copies",
        "shadow cop|shadowcop|shadow storage|vssadmin|volume shadow|restore point & DELETE",
        {"program": "vssadmin", "args": ["re:(?i)^delete$", "re:(?i)^shadows$"]},
        {"program": "wmic", "args": ["re:(?i)^shadowcopy$", "re:(?i)^delete$"]},
        *(
            {
                "program": "re:(?i)^get-(wmiobject|ciminstance)$",
                "anywhere": ["re:(?i)^win32_shadowcopy$"],
                "then": then,
            }
            for then in (
                {"program": "re:(?i)^remove-(ciminstance|wmiobject)$"},
                {"program": "re:(?i)^(foreach-object|%)$", "anywhere": ["re:(?i)\\.delete$"]},
            )
        ),
        within_tool=True,
    ),
    # A container engine's API served on plain TCP: root on the host for whoever reaches the
    # port (dockerd(8) "Daemon socket option": `-H tcp://` without `--tlsverify`, or `hosts` in
    # daemon.json; a TCP relay to the socket; podman-system-service(1) on a `tcp:` URI).
    concept(
        "serve a container engine's API on plain TCP",
        "docker daemon|dockerd|docker engine|docker api|docker host|podman|container engine & "
        "tcp|port|network|interface|0.0.0.0|expos|listen|remote|without tls|unencrypted",
        {"program": "dockerd", "anywhere": ["re:^tcp://"], "without": ["--tlsverify"]},
        {"program": "dockerd", "anywhere": [r"re:^(tcp://)?[^/]*:2375$"]},
        {"program": "re:.", "anywhere": [r"re:(?i)^tcp[46]?-l(isten)?:", r"re:docker\.sock"]},
        {"program": "re:^(echo|printf)$", "anywhere": [r"re:(-H|--host|\"hosts\").*tcp://"]},
        # (podman is read as docker, whose CLI it mirrors)
        {"program": "docker", "subcommand": ["system", "service"], "args": ["re:^tcp:"]},
        within_tool=True,
    ),
)
# fmt: on
