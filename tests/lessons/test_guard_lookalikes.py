"""Harmless look-alikes of a reported danger: what makes the reported command dangerous must be
present for a block (issue 12)."""

from lessons.command_triggers import CommandTrigger, derive
from lessons.commands import invocations
from lessons.matching import shown_commands
from lessons.sql_statements import read_statements


def trigger_for(example: str, title: str = "", why: str = "", alternatives=()) -> CommandTrigger:
    derived = derive(
        texts=[example], prose=f"{title} {why}", title=title, alternatives=list(alternatives)
    )
    trigger = CommandTrigger.from_json(derived.trigger)
    assert trigger is not None, derived.notes
    return trigger


def blocks(trigger: CommandTrigger, line: str) -> bool:
    return trigger.match(invocations(line)) is not None


def test_a_query_calling_a_function_on_every_row_read_is_not_the_call_on_one_literal():
    trigger = trigger_for(
        "psql -c \"SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE usename = 'etl'\"",
        "Never cancel every query of a reporting database",
        "Each dashboard's query fails at once.",
        ["cancel the one slow query you found"],
    )
    assert blocks(trigger, 'psql -c "select pg_cancel_backend(pid) from pg_stat_activity"')
    assert blocks(
        trigger,
        "psql -Atc 'select pid from pg_stat_activity' "
        "| xargs -I{} psql -c 'select pg_cancel_backend({})'",
    )
    assert not blocks(trigger, 'psql -c "SELECT pg_cancel_backend(90210)"')
    assert not blocks(trigger, "psql -c \"SELECT pg_cancel_backend('90210')\"")


def test_calls_on_literals_only_act_once():
    (one,) = read_statements("SELECT pg_reload_conf(), set_config('work_mem', '64MB', false)")
    (each,) = read_statements(
        "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots"
    )
    assert "--each-row" not in one.flags
    assert "--each-row" in each.flags


def test_a_short_flag_means_something_only_to_a_named_program():
    trigger = trigger_for(
        "Typed the database password on the command line of the client.",
        "Never pass a password as an argument",
        "It lands in shell history and in the process list.",
    )
    assert blocks(trigger, "sqlcmd -S db.internal -U sa -P Winter2026pw -Q 'select 1'")
    assert blocks(trigger, "mysql --password=Winter2026pw -e 'select 1'")
    assert not blocks(trigger, "sudo setsebool -P httpd_can_network_connect 1")
    assert not blocks(trigger, "mysql -h db.internal -P 3307 -u app -p -e 'select 1'")


def test_a_secret_piped_into_a_count_or_a_digest_is_not_printed():
    trigger = trigger_for(
        "Echoed secret environment variables into the build log",
        "Never print a token or a password to the console",
        "The log is kept and read by everyone on the project.",
        ["Check the variable is set with test -n, or print its length or a hash"],
    )

    def shown_blocks(line: str) -> bool:
        return trigger.match(shown_commands(invocations(line))) is not None

    assert shown_blocks('echo "$DEPLOY_TOKEN"')
    assert shown_blocks('echo "$DEPLOY_TOKEN" | tee build.log')
    assert shown_blocks("env | grep -i token")
    assert not shown_blocks('echo -n "$DEPLOY_TOKEN" | wc -c')
    assert not shown_blocks('printf %s "$DEPLOY_TOKEN" | sha256sum')
    assert not shown_blocks("env | grep -c -i token")
    assert not shown_blocks("env | grep -q DEPLOY_TOKEN && echo set")


def test_alembic_offline_mode_prints_the_sql_instead_of_running_it():
    trigger = trigger_for(
        "alembic downgrade base",
        "Never downgrade a shared database to base",
        "Every downgrade runs and every table the migrations made is dropped.",
    )
    assert blocks(trigger, "alembic -c alembic.ini downgrade base")
    assert not blocks(trigger, "alembic downgrade base --sql > rollback.sql")
    assert not blocks(trigger, "alembic downgrade --help")


def test_a_secret_read_for_its_key_names_or_size_only_is_not_printed():
    trigger = trigger_for(
        "kubectl get secret <secret> -o jsonpath='{.data.token}' | base64 -d",
        "Don't decode cluster secrets into the session",
        "Decoded tokens end up in the transcript.",
    )

    def shown_blocks(line: str) -> bool:
        return trigger.match(shown_commands(invocations(line))) is not None

    assert shown_blocks("kubectl get secret api -o jsonpath='{.data.token}' | base64 -d")
    assert not shown_blocks("kubectl get secret api -o jsonpath='{.data.token}' | wc -c")
    assert not shown_blocks(
        "kubectl get secret api -o jsonpath='{.data.token}' | base64 -d | sha256sum"
    )
    keys = shown_commands(invocations("kubectl get secret api -o json | jq '.data | keys'"))
    values = shown_commands(invocations("kubectl get secret api -o json | jq .data"))
    assert keys == []
    assert [inv.program for inv in values] == ["kubectl", "jq"]


def test_the_aws_cli_manual_page_of_a_dangerous_operation_runs_nothing():
    trigger = trigger_for(
        "aws rds delete-db-instance --db-instance-identifier <id> --skip-final-snapshot",
        "Never delete a database instance without a final snapshot",
        "The data is gone for good.",
    )
    assert blocks(
        trigger, "aws rds delete-db-instance --db-instance-identifier orders --skip-final-snapshot"
    )
    assert not blocks(trigger, "aws rds delete-db-instance help")
    assert not blocks(trigger, "aws rds delete-db-instance --skip-final-snapshot help")
