"""HNSW indexes built with ef_construction 128 (was 64): at 100,000 lessons the filtered
cross-domain search found 0.946 of the exact top 10 with 64 and 0.990 with 128, at the same
query cost and build time (`make bench`, 2026-11-24).

The rebuild runs with more maintenance memory, so the graph of a large table is built in memory
(with the default 64 MB it spills and takes several times longer).
"""

import pgvector.django.indexes
from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("governance", "0011_policy_drop_unread_thresholds"),
        ("notes", "0004_verbose_names"),
    ]

    operations = [
        migrations.RunSQL("SET LOCAL maintenance_work_mem = '512MB'", migrations.RunSQL.noop),
        migrations.RemoveIndex(
            model_name="knowledgeitem",
            name="knowledge_embedding_hnsw",
        ),
        migrations.AddIndex(
            model_name="knowledgeitem",
            index=pgvector.django.indexes.HnswIndex(
                ef_construction=128,
                fields=["embedding"],
                m=16,
                name="knowledge_embedding_hnsw",
                opclasses=["vector_cosine_ops"],
            ),
        ),
    ]
