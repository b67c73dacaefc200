"""One report of a common dangerous operation reaches the other major tools' spellings of it, and
their read-only look-alikes stay allowed (`danger_equivalents_cases`)."""

import pytest

from lessons.command_triggers import CommandTrigger, derive
from lessons.commands import invocations
from tests.lessons.danger_equivalents_cases import CASES, Case
from tests.lessons.guard_probe import blocks


def trigger_for(case: Case) -> CommandTrigger | None:
    derived = derive(
        texts=[case.example],
        prose=f"{case.title} {case.why}",
        title=case.title,
        alternatives=list(case.alternatives),
    )
    return CommandTrigger.from_json(derived.trigger)


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_a_reported_danger_blocks_other_tools_spellings_and_not_read_only_forms(case):
    trigger = trigger_for(case)
    assert blocks(trigger, case.example)
    missed = [line for line in case.block if not blocks(trigger, line)]
    blocked = [line for line in case.allow if blocks(trigger, line)]
    assert (missed, blocked) == ([], [])


def spelled(line: str) -> set[tuple]:
    return {
        (inv.program, *inv.subcommand, *sorted(inv.flags), *inv.args) for inv in invocations(line)
    }


def test_package_runners_that_do_not_ask_read_as_npm_exec_yes():
    assert ("npm", "exec", "--yes", "left-padz") in spelled("pnpm dlx left-padz")
    assert ("npm", "exec", "--yes", "left-padz@2") in spelled("npx -y left-padz@2")
    assert ("npm", "exec", "--yes", "left-padz") in spelled("bunx left-padz")
    assert not any("--yes" in s for s in spelled("npx eslint ."))
    assert not any("--yes" in s for s in spelled("pnpm exec eslint ."))


def test_a_package_run_by_version_or_by_its_package_name_is_its_program():
    assert ("vercel", "--prod") in spelled("npx vercel@latest --prod")
    assert ("netlify", "deploy", "--dir", "--prod") in spelled(
        "npx netlify-cli deploy --prod --dir b"
    )


def test_static_file_servers_serve_their_directory_unless_bound_to_loopback():
    assert ("serve-files", "~") in spelled("cd ~ && python3 -m http.server 8000")
    assert ("serve-files", "~") in spelled("php -S 0.0.0.0:8000 -t ~")
    assert ("serve-files", "/srv/www") in spelled("npx http-server /srv/www -p 8080")
    assert not any(s[0] == "serve-files" for s in spelled("php -S 127.0.0.1:8000 -t ~"))
    assert not any(
        s[0] == "serve-files"
        for s in spelled("python3 -m http.server --bind 127.0.0.1 --directory ~")
    )


def test_a_mode_given_at_creation_is_the_mode_chmod_gives():
    assert ("chmod", "--recursive", "=0777", "/srv/up") in spelled("mkdir -p -m 777 /srv/up")
    assert ("chmod", "=0755", "/usr/local/bin/x") in spelled("install -m 755 x /usr/local/bin/x")


def test_update_alternatives_points_the_link_as_ln_does():
    assert ("ln", "--force", "--symbolic", "/usr/bin/python3.8", "/usr/bin/python3") in spelled(
        "update-alternatives --set python3 /usr/bin/python3.8"
    )
    assert not any(s[0] == "ln" for s in spelled("update-alternatives --display python3"))


def test_an_environment_prefix_reaches_the_command_a_runner_runs():
    rails = next(
        inv
        for inv in invocations("RAILS_ENV=production bundle exec rails db:schema:load")
        if inv.program == "rails"
    )
    assert rails.env == {"RAILS_ENV": "production"}


def test_a_mode_set_by_find_over_a_whole_tree_is_a_recursive_chmod():
    assert ("chmod", "--recursive", "=0777", "/srv/up") in spelled(
        "find /srv/up -type d -exec chmod 777 {} +"
    )
    assert not any(
        "--recursive" in s for s in spelled("find /srv/up -name '*.sh' -exec chmod 755 {} +")
    )


def test_a_setting_named_for_disabling_verification_is_off_only_when_true():
    def insecure(line: str) -> bool:
        return any("--insecure" in inv.flags for inv in invocations(line))

    assert insecure("gcloud config set auth/disable_ssl_validation True")
    assert not insecure("gcloud config set auth/disable_ssl_validation False")
    assert insecure("AZURE_CLI_DISABLE_CONNECTION_VERIFICATION=1 az storage blob list")
    assert not insecure("git config --global http.sslVerify true")


def test_truncating_a_file_to_nothing_writes_it_as_a_redirect_does():
    assert ("write-file", "/var/log/syslog") in spelled("truncate -s 0 /var/log/syslog")
    assert not any(s[0] == "write-file" for s in spelled("truncate -s 10M disk.img"))
