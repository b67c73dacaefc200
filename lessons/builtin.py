"""The anti-patterns every install has: the spec's "Current Anti-Patterns (Auto-Loaded)".

`manage.py install_anti_patterns` (run by `make run`, and part of a production setup after
`migrate`) installs them idempotently (`lessons.services.anti_patterns_install_builtin`): a
missing one is created; one a maintainer deactivated stays deactivated, and one whose trigger a
person edited keeps that trigger. They live in the default scope, apply in every scope and to
every domain, and their triggers read commands (`lessons.command_triggers`).
"""

from typing import Any

from lessons.value_classes import PROD

# Statements that change a database (`lessons.sql_statements` reads every client's SQL into them).
SQL_WRITES = (
    "insert", "update", "delete", "drop", "alter", "truncate", "create", "grant", "revoke",
    "replace", "merge", "copy", "rename",
)  # fmt: skip
N8N_WRITES = ("insert", "update", "delete", "drop", "alter", "truncate", "replace", "merge")
# n8n's tables for workflows and what hangs on them
N8N_TABLES = (
    r"re:(?i)^(workflow_entity|workflows_tags|shared_workflow|workflow_history|webhook_entity|"
    r"workflow_statistics)$"
)
ARIA_PROMPT = r"re:(?i)(aria\S*prompt|prompt\S*aria)[\w-]*(\.(md|txt|ya?ml|json|j2|jinja|prompt))?$"
ARIA_PROMPT_BACKUP = r"re:(?i)(aria\S*prompt|prompt\S*aria)\S*(\.(bak|orig|backup|old)|~)$"
# A data directory: a path component named data, pgdata, *_data, *-data, or the state
# directories of databases and containers; `$PGDATA`-like variables.
DATA_DIR = (
    r"re:(?i)((^|/)(pgdata|_data|[\w.-]*[_-]data|data|volumes|mysql|postgres(ql)?|mongodb)(/|$)"
    r"|^/var/lib/(docker|containers|postgresql|mysql|mongodb|redis)(/|$)|\$\{?\w*DATA\w*)"
)
DEPLOY_PROD_SCRIPT = r"re:(?i)deploy.*prod|prod.*deploy"

BUILTIN_ANTI_PATTERNS: list[dict[str, Any]] = [
    {
        "builtin_key": "prod-database-direct-write",
        "title": "Direct production database modifications",
        "domain": "production",
        "category": "database",
        "why_bad": (
            "Changes made straight on the production database skip review, migrations and DEV "
            "testing; they leave data inconsistent and need a rollback."
        ),
        "example": 'psql "$PROD_DATABASE_URL" -c "UPDATE users SET plan = \'pro\' WHERE id = 42"',
        "alternatives": [
            "Make the change in DEV first",
            "Ship it as a migration through promote-to-prod.sh",
        ],
        "severity": "critical",
        "command_trigger": {
            "commands": [
                *(
                    {"program": "sql", "subcommand": [verb], "anywhere": [PROD]}
                    for verb in SQL_WRITES
                ),
                {"program": "psql", "flags": ["<"], "anywhere": [PROD]},
                {"program": "psql", "flags": ["--file"], "anywhere": [PROD]},
                {"program": "mysql", "flags": ["<"], "anywhere": [PROD]},
                {"program": "supabase", "subcommand": ["db", "push"], "anywhere": [PROD]},
                {"program": "supabase", "subcommand": ["db", "reset"], "anywhere": [PROD]},
            ]
        },
    },
    {
        "builtin_key": "n8n-workflow-sql",
        "title": "Editing n8n workflows via SQL",
        "domain": "n8n",
        "category": "workflows",
        "why_bad": (
            "n8n keeps a workflow's nodes, connections, versions and sharing together and "
            "caches active workflows; rows edited by SQL leave them inconsistent, break "
            "executions, or are overwritten by the running instance."
        ),
        "example": (
            'psql "$N8N_DATABASE_URL" -c "UPDATE workflow_entity SET active = false '
            "WHERE id = '12'\""
        ),
        "alternatives": [
            "Edit the workflow in the n8n editor or through the n8n REST API",
            "Export, edit and re-import: n8n export:workflow, then n8n import:workflow",
        ],
        "severity": "critical",
        "command_trigger": {
            "commands": [
                {"program": "sql", "subcommand": [verb], "args": [N8N_TABLES]}
                for verb in N8N_WRITES
            ]
        },
    },
    {
        "builtin_key": "aria-prompt-without-backup",
        "title": "Modifying ARIA's system prompt without a backup",
        "domain": "aria",
        "category": "prompts",
        "why_bad": (
            "ARIA's behaviour lives in its system prompt; an edit made without a copy cannot "
            "be rolled back when it goes wrong."
        ),
        "example": "sed -i 's/You are ARIA/You are ARIA, brief/' /opt/aria/system_prompt.md",
        "alternatives": [
            "Copy it first: cp system_prompt.md system_prompt.md.bak, then edit",
            "Edit with sed -i.bak, which keeps the previous version",
        ],
        "severity": "critical",
        "command_trigger": {
            "commands": [
                {"program": "sed", "flags": ["--in-place"], "args": [ARIA_PROMPT]},
                # a redirection, `tee`, `cp` over it (`command_equivalents`)
                {"program": "write-file", "args": [ARIA_PROMPT]},
                {"program": "mv", "args": [ARIA_PROMPT]},
                {"program": "truncate", "args": [ARIA_PROMPT]},
            ],
            # a copy kept in the same line, or sed keeping one itself
            "unless": [
                {"program": "cp", "args": [ARIA_PROMPT_BACKUP]},
                {"program": "sed", "options": {"--in-place": "<any>"}},
            ],
        },
    },
    {
        "builtin_key": "rm-rf-data-directories",
        "title": "Running rm -rf on data directories",
        "domain": "infrastructure",
        "category": "filesystem",
        "why_bad": (
            "Data directories hold database files, volumes and uploads; rm -rf has no undo, "
            "and a wrong path or an empty variable destroys them."
        ),
        "example": "rm -rf /var/lib/postgresql/data",
        "alternatives": [
            "Move the directory aside (mv data data.old) and delete it once checked",
            "Back it up first (pg_dump, tar), then remove only what you checked",
        ],
        "severity": "critical",
        "command_trigger": {
            "commands": [
                {"program": "rm", "flags": ["--recursive"], "args": [DATA_DIR]},
                {"program": "find", "flags": ["-delete"], "args": [DATA_DIR]},
            ]
        },
    },
    {
        "builtin_key": "prod-deploy-without-dev",
        "title": "Deploying to prod without dev testing",
        "domain": "production",
        "category": "deployment",
        "why_bad": (
            "A change that has not run in DEV reaches users untested. Mnemosyne cannot see "
            "whether DEV was tested, so a direct deploy to production warns; the promotion "
            "script is the path that tests first."
        ),
        "example": "kubectl apply -f k8s/ --context production",
        "alternatives": ["Deploy to DEV and test there first", "Promote with promote-to-prod.sh"],
        "severity": "high",
        "command_trigger": {
            "commands": [
                *(
                    {"program": "kubectl", "subcommand": [sub], "anywhere": [PROD]}
                    for sub in ("apply", "replace", "patch", "set", "rollout", "scale", "create")
                ),
                {"program": "helm", "subcommand": ["upgrade"], "anywhere": [PROD]},
                {"program": "helm", "subcommand": ["install"], "anywhere": [PROD]},
                {"program": "docker", "subcommand": ["compose", "up"], "anywhere": [PROD]},
                {"program": "docker", "subcommand": ["stack", "deploy"], "anywhere": [PROD]},
                {"program": "terraform", "subcommand": ["apply"], "anywhere": [PROD]},
                {"program": "vercel", "flags": ["--prod"]},
                {"program": "netlify", "subcommand": ["deploy"], "flags": ["--prod"]},
                {"program": "fly", "subcommand": ["deploy"], "anywhere": [PROD]},
                {"program": "git", "subcommand": ["push"], "args": [r"re:(?i)^prod(uction)?$"]},
                {"program": r"re:(?i)^deploy([-_.]|$)", "anywhere": [PROD]},
                {"program": "make", "args": [DEPLOY_PROD_SCRIPT]},
                {"program": "npm", "subcommand": ["run"], "args": [DEPLOY_PROD_SCRIPT]},
            ]
        },
    },
]
