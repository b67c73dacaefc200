"""Data for bench_lessons.py: realistic texts, their vectors, and a bounded bulk load.

Embedding 100,000 texts on two cores would take longer than the whole benchmark may, so the
load embeds a few thousand distinct texts with the real model (cached under
`$MNEMOSYNE_DATA_DIR/bench/`) and fills the rest with those vectors plus small Gaussian noise,
renormalised (cosine ≈ 0.93 to their parent). Rows go in through one binary COPY, with the HNSW
index dropped during the load and built once afterwards.
"""

from __future__ import annotations

import hashlib
import random
import time
import uuid
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import numpy as np

TOOLS = {
    "git": ["push --force", "reset --hard", "clean -fdx", "rebase -i", "checkout --", "branch -D"],
    "docker": [
        "system prune -a",
        "volume prune",
        "rm -f",
        "exec -it",
        "compose down -v",
        "run --privileged",
    ],
    "kubectl": [
        "delete namespace",
        "delete pvc",
        "scale --replicas=0",
        "drain",
        "apply --force",
        "rollout undo",
    ],
    "rm": ["-rf /", "-rf /var/lib", "-rf ~/", "-rf data", "-rf node_modules", "-rf .git"],
    "psql": [
        "-c 'drop table",
        "-c 'truncate",
        "-c 'delete from",
        "-c 'alter table",
        "-c 'update users",
        "-f migrate.sql",
    ],
    "terraform": ["destroy", "apply -auto-approve", "state rm", "import", "taint", "force-unlock"],
    "helm": [
        "uninstall",
        "upgrade --force",
        "rollback",
        "delete --purge",
        "install --replace",
        "template",
    ],
    "aws": [
        "s3 rm --recursive",
        "ec2 terminate-instances",
        "iam delete-role",
        "rds delete",
        "s3 sync --delete",
        "lambda delete-function",
    ],
    "chmod": ["-R 777", "777 /etc", "-R o+w", "+s", "-R 000", "a+rwx"],
    "chown": [
        "-R root",
        "-R nobody",
        "-R www-data /",
        "postgres /var",
        "-R 1000:1000",
        "root:root",
    ],
    "systemctl": [
        "stop postgresql",
        "disable sshd",
        "mask docker",
        "restart nginx",
        "stop firewalld",
        "kill caddy",
    ],
    "npm": [
        "publish",
        "install -g",
        "audit fix --force",
        "unpublish",
        "cache clean --force",
        "update",
    ],
    "pip": [
        "install --break-system-packages",
        "uninstall -y",
        "install --user",
        "install -U pip",
        "install -e .",
        "download",
    ],
    "curl": ["| sh", "-k https://", "-X DELETE", "--insecure", "| bash", "-o /etc/"],
    "dd": [
        "if=/dev/zero of=/dev/sda",
        "of=/dev/nvme0n1",
        "bs=1M of=/dev/sdb",
        "if=/dev/random",
        "of=/dev/sdc",
        "conv=notrunc",
    ],
    "supabase": [
        "db reset",
        "db push --linked",
        "functions delete",
        "projects delete",
        "migration repair",
        "db dump",
    ],
    "n8n": [
        "import:workflow",
        "export:credentials",
        "update:workflow",
        "execute --id",
        "user-management:reset",
        "db:revert",
    ],
    "redis-cli": ["flushall", "flushdb", "config set", "shutdown", "del", "debug sleep"],
    "mysql": [
        "-e 'drop database",
        "-e 'truncate",
        "-e 'grant all",
        "-e 'delete from",
        "-e 'set global",
        "-e 'alter user",
    ],
    "ssh": [
        "root@prod",
        "-o StrictHostKeyChecking=no",
        "-A prod",
        "prod 'sudo rm",
        "-R 80:",
        "-L 5432:",
    ],
}
COMPONENTS = [
    "postgres",
    "the docker daemon",
    "caddy",
    "n8n",
    "supabase",
    "the CI runner",
    "celery",
    "redis",
    "nginx",
    "the backup job",
    "terraform state",
    "kubernetes",
    "the auth service",
    "the payments API",
    "the search indexer",
    "the cron scheduler",
    "the object store",
    "the message queue",
    "grafana",
    "the VPN gateway",
]
PROBLEMS = [
    "permission denied",
    "a timeout",
    "an out-of-memory kill",
    "a stale lock",
    "a schema drift",
    "an expired certificate",
    "a full disk",
    "a port conflict",
    "a DNS failure",
    "a version mismatch",
    "a missing environment variable",
    "a corrupted cache",
    "a race on startup",
    "too many open files",
    "a broken symlink",
]
MOMENTS = [
    "after an upgrade",
    "during the nightly backup",
    "on a cold start",
    "under load",
    "right after a deploy",
    "when the container restarted",
    "during a migration",
    "in the staging environment",
    "on the first run",
    "after a config reload",
]
TYPES = (
    ["failure"] * 5
    + ["success"] * 2
    + ["workaround", "discovery", "optimization", "warning", "anti_pattern"]
)
SEVERITIES = ["critical"] + ["high"] * 3 + ["medium"] * 5 + ["low"] * 2
DOMAINS = [f"domain{i:02d}" for i in range(50)]


def lesson_texts(count: int, seed: int = 11) -> list[tuple[str, str, str]]:
    """`count` distinct (title, context, outcome) triples."""
    rng = random.Random(seed)
    seen, texts = set(), []
    while len(texts) < count:
        component, problem, moment = (
            rng.choice(COMPONENTS),
            rng.choice(PROBLEMS),
            rng.choice(MOMENTS),
        )
        tool = rng.choice(list(TOOLS))
        title = f"{component} fails with {problem} {moment}"
        if (title, tool) in seen:
            continue
        seen.add((title, tool))
        context = f"Running {tool} {rng.choice(TOOLS[tool])} against {component} {moment}"
        fix = rng.choice(
            [
                "retrying",
                "rolling back",
                "pinning the version",
                "raising the limit",
                "restarting",
                "clearing the cache",
            ]
        )
        outcome = f"{problem.capitalize()}; fixed by {fix}"
        texts.append((title, context, outcome))
    return texts


def query_texts(count: int, seed: int = 23) -> list[str]:
    """Task descriptions an agent sends at the start of a task (not among the stored texts)."""
    rng = random.Random(seed)
    return [
        f"I need to {rng.choice(['debug', 'fix', 'investigate', 'upgrade', 'restart'])} "
        f"{rng.choice(COMPONENTS)}, which shows {rng.choice(PROBLEMS)} {rng.choice(MOMENTS)} "
        f"(ticket {rng.randint(1000, 99999)})"
        for _ in range(count)
    ]


def check_actions(count: int, seed: int = 31) -> list[str]:
    """Commands an agent proposes: about half hit a trigger, the rest are harmless."""
    rng = random.Random(seed)
    harmless = [
        "ls -la",
        "git status",
        "pytest -q",
        "cat README.md",
        "docker ps",
        "make test",
        "kubectl get pods",
        "npm test",
        "grep -rn TODO src",
        "du -sh .",
    ]
    actions = []
    for i in range(count):
        if i % 2:
            tool = rng.choice(list(TOOLS))
            actions.append(
                f"cd /srv/app{rng.randint(0, 99)} && sudo {tool} {rng.choice(TOOLS[tool])} "
                f"env{rng.randint(1, 999)} --verbose | tee -a log{rng.randint(0, 99)}"
            )
        else:
            actions.append(f"{rng.choice(harmless)} # step {rng.randint(1, 99999)}")
    return actions


def cached_vectors(texts: list[str], cache_dir: Path, name: str) -> np.ndarray:
    """Real MiniLM vectors for `texts`, computed once per embedding backend under `cache_dir`."""
    from mnemosyne_site.embeddings import embed, get_embedder

    digest = hashlib.sha256("\n".join([get_embedder().name, *texts]).encode()).hexdigest()[:16]
    path = cache_dir / f"{name}-{len(texts)}-{digest}.npy"
    if path.exists():
        return np.load(path)
    cache_dir.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    vectors = np.vstack([embed(texts[i : i + 256]) for i in range(0, len(texts), 256)])
    np.save(path, vectors)
    print(
        f"  embedded {len(texts)} distinct {name} texts with the real model in "
        f"{time.perf_counter() - started:.0f} s (cached at {path})"
    )
    return vectors


def noisy_copies(
    vectors: np.ndarray, count: int, *, sigma: float = 0.02, seed: int = 5
) -> tuple[np.ndarray, np.ndarray]:
    """`count` vectors: each a stored real vector plus N(0, sigma) noise, renormalised.
    Returns (vectors, index of the parent text of each)."""
    rng = np.random.default_rng(seed)
    parents = np.arange(count) % len(vectors)
    out = vectors[parents] + rng.normal(scale=sigma, size=(count, vectors.shape[1]))
    out /= np.linalg.norm(out, axis=1, keepdims=True)
    return out.astype(np.float32), parents


def copy_lessons(
    *,
    connection_params: dict,
    scope_ids: list[int],
    weights: list[float],
    texts: list[tuple[str, str, str]],
    vectors: np.ndarray,
    parents: np.ndarray,
    seed: int = 3,
) -> None:
    """Bulk-load lessons with one binary COPY and build the HNSW index afterwards."""
    import psycopg
    from pgvector.psycopg import register_vector

    rng = random.Random(seed)
    now = datetime.now(tz=UTC)
    columns = (
        "id, scope_id, lesson_type, domain, category, title, context, action_taken, "
        "outcome, alternatives, severity, tags, source_agent, related_files, "
        "related_commands, confidence, validated, embedding, occurrence_count, "
        "last_occurred, session_id, created_at, updated_at"
    )
    types = [
        "uuid",
        "int8",
        "text",
        "text",
        "text",
        "text",
        "text",
        "text",
        "text",
        "text[]",
        "text",
        "text[]",
        "text",
        "text[]",
        "text[]",
        "numeric",
        "bool",
        "vector",
        "int4",
        "timestamptz",
        "text",
        "timestamptz",
        "timestamptz",
    ]
    with psycopg.connect(**connection_params, autocommit=True) as conn:
        register_vector(conn)
        conn.execute("DROP INDEX IF EXISTS lesson_embedding_hnsw")
        started = time.perf_counter()
        with (
            conn.cursor() as cursor,
            cursor.copy(f"COPY lessons_lesson ({columns}) FROM STDIN WITH (FORMAT BINARY)") as copy,
        ):
            copy.set_types(types)
            for i, (vector, parent) in enumerate(zip(vectors, parents, strict=True)):
                title, context, outcome = texts[parent]
                created = now - timedelta(days=rng.random() * 180)
                copy.write_row(
                    (
                        uuid.uuid4(),
                        rng.choices(scope_ids, weights)[0],
                        rng.choice(TYPES),
                        rng.choice(DOMAINS),
                        "bench",
                        f"{title} #{i}",
                        context,
                        context.split(" against ")[0],
                        outcome,
                        [],
                        rng.choice(SEVERITIES),
                        ["bench"],
                        "BENCH",
                        [],
                        [],
                        Decimal("0.80"),
                        False,
                        vector,
                        1,
                        created,
                        "",
                        created,
                        created,
                    )
                )
        print(f"  copied {len(vectors)} lessons in {time.perf_counter() - started:.0f} s")
        started = time.perf_counter()
        conn.execute("SET maintenance_work_mem = '512MB'")
        conn.execute(
            "CREATE INDEX lesson_embedding_hnsw ON lessons_lesson USING hnsw "
            "(embedding vector_cosine_ops) WITH (m = 16, ef_construction = 128)"
        )
        conn.execute("ANALYZE lessons_lesson")
        print(f"  built the HNSW index in {time.perf_counter() - started:.0f} s")
