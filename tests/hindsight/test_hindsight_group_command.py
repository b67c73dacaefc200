import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

MESSAGES = [
    "PacketResponder 1 for block blk_38865049064139660 terminating",
    "Received block blk_-1608999687919862906 of size 91178 from /10.250.10.6",
    "PacketResponder 0 for block blk_-6952295868487656571 terminating",
    "Verification succeeded for blk_-4980916519894289629",
    "Received block blk_7128370237687728475 of size 67108864 from /10.251.73.220",
    "Verification succeeded for blk_1724757848743533110",
    "PacketResponder 2 for block blk_8229193803249955061 terminating",
]
TRUTH = [0, 1, 0, 2, 1, 2, 0]


def _partition(keys):
    groups = {}
    for i, key in enumerate(keys):
        groups.setdefault(key, set()).add(i)
    return sorted(sorted(g) for g in groups.values())


def _run(path, *args):
    out = StringIO()
    call_command("hindsight_group", str(path), *args, stdout=out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.fixture
def jsonl(tmp_path):
    path = tmp_path / "logs.jsonl"
    path.write_text(
        "".join(json.dumps({"content": m, "n": i}) + "\n" for i, m in enumerate(MESSAGES))
    )
    return path


@pytest.mark.django_db
def test_it_prints_one_signature_per_input_line_grouped_by_template(jsonl):
    rows = _run(jsonl)
    assert len(rows) == len(MESSAGES)
    assert all(set(row) == {"signature"} and row["signature"] for row in rows)
    assert _partition([r["signature"] for r in rows]) == _partition(TRUTH)


@pytest.mark.django_db
def test_it_groups_like_the_capture_endpoint(jsonl, agent_client, scope_tree):
    captured = []
    for message in MESSAGES:
        response = agent_client.post(
            "/api/v1/hindsight/errors", {"message": message}, format="json"
        )
        captured.append(response.json()["signature"]["id"])
    command = [r["signature"] for r in _run(jsonl)]
    assert _partition(captured) == _partition(command)


@pytest.mark.django_db
def test_it_reads_another_field_and_keeps_nothing(tmp_path):
    from hindsight.models import ErrorSignature

    path = tmp_path / "errors.jsonl"
    path.write_text(
        json.dumps({"msg": "disk /dev/sda1 is full", "kind": "OSError"})
        + "\n"
        + json.dumps({"msg": "disk /dev/sdb2 is full", "kind": "OSError"})
        + "\n"
        + json.dumps({"msg": "disk /dev/sdb2 is full", "kind": "IOError"})
        + "\n"
    )
    rows = _run(path, "--field", "msg", "--type-field", "kind", "--no-semantic")
    assert rows[0] == rows[1] != rows[2]
    assert not ErrorSignature.objects.exists()


def test_it_refuses_a_line_that_is_not_json(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"content": "ok"}\nnot json\n')
    with pytest.raises(CommandError, match="line 2"):
        _run(path, "--no-semantic")
