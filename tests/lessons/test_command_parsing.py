"""Reading a shell line into the commands it runs, normalised (no database)."""

import pytest

from lessons.commands import invocations, normalize_mode


def only(line: str, program: str):
    found = [inv for inv in invocations(line) if inv.program == program and not inv.wrapper]
    assert len(found) == 1, [(i.program, i.text) for i in invocations(line)]
    return found[0]


@pytest.mark.parametrize(
    "line",
    [
        "cd /srv && rm -rf /data",
        "true; rm -rf /data",
        "false || rm -rf /data",
        "(rm -rf /data)",
        "{ rm -rf /data; }",
        "echo $(rm -rf /data)",
        "bash -c 'rm -rf /data'",
        'sh -c "cd / && rm -rf /data"',
        "sudo -u root rm -rf /data",
        "FOO=1 env BAR=2 nohup time rm -rf /data",
        "command rm -rf /data",
        "exec rm -rf /data",
        "timeout 30 nice -n 5 rm -rf /data",
        "docker exec -it db rm -rf /data",
        "kubectl exec -it web-0 -- rm -rf /data",
        "ssh host 'sudo rm -rf /data'",
        "find / -maxdepth 1 -name data -exec rm -rf {} \\;",
        "if true; then rm -rf /data; fi",
        "for x in 1; do rm -rf /data; done",
        "ls | xargs rm -rf /data",
    ],
)
def test_every_command_a_line_runs_is_found(line):
    rm = [inv for inv in invocations(line) if inv.program == "rm"]
    assert rm, line
    assert rm[0].flags == {"--recursive", "--force"}


def test_combined_short_flags_are_split_into_one_spelling():
    assert only("rm -rf x", "rm").flags == only("rm --recursive --force x", "rm").flags
    assert only("rm -r -f x", "rm").flags == only("rm -fR x", "rm").flags


def test_sudo_is_stripped_but_remembered():
    inv = only("sudo -iu postgres dropdb shop", "dropdb")
    assert inv.sudo and inv.args == ["shop"]
    assert not only("dropdb shop", "dropdb").sudo


def test_a_flag_value_is_not_an_argument():
    inv = only("sudo -u postgres psql -h db.internal -c 'DROP TABLE x' app", "psql")
    assert inv.options == {"--host": ["db.internal"], "--command": ["DROP TABLE x"]}
    assert inv.args == ["app"]


@pytest.mark.parametrize(
    "line",
    [
        "pip install x",
        "pip3 install x",
        "python -m pip install x",
        "python3.11 -m pip install x",
        "/usr/bin/python3 -m pip install x",
        "sudo pip3.11 install x",
    ],
)
def test_pip_is_pip_however_it_is_run(line):
    inv = only(line, "pip")
    assert inv.subcommand == ("install",) and inv.args == ["x"]


def test_a_script_is_its_own_program_however_it_is_run():
    assert only("python manage.py flush", "manage.py").args == ["flush"]
    assert only("./manage.py flush", "manage.py").args == ["flush"]
    assert only("bash ./deploy.sh prod", "deploy.sh").args == ["prod"]


@pytest.mark.parametrize("mode", ["777", "0777", "a+rwx", "ugo+rwx", "a=rwx", "+rwx"])
def test_modes_that_grant_everything_read_the_same(mode):
    assert normalize_mode(mode)[1:] == "0777"


def test_a_mode_that_removes_bits_is_left_as_written():
    assert normalize_mode("o-w") == "o-w"
    assert normalize_mode("755") == "=0755"


def test_a_plus_refspec_forces_and_a_colon_refspec_deletes():
    forced = only("git push origin +main", "git")
    assert "--force" in forced.flags and forced.args == ["origin", "main"]
    deleted = only("git push origin :main", "git")
    assert "--delete" in deleted.flags and deleted.args == ["origin", "main"]
    plain = only("git push origin main:main", "git")
    assert plain.flags == frozenset() and plain.args == ["origin", "main"]


def test_a_lease_is_still_a_forced_push():
    assert only("git push --force-with-lease origin main", "git").flags == {
        "--force-with-lease",
        "--force",
    }


def test_global_options_before_the_subcommand_are_read():
    inv = only("git -C /repo push -f", "git")
    assert inv.subcommand == ("push",) and "--force" in inv.flags
    assert only("npm -g install x", "npm").subcommand == ("install",)
    assert only("npm i -g x", "npm").subcommand == ("install",)


def test_a_cd_earlier_in_the_line_resolves_relative_paths():
    assert only("cd /var/lib/postgresql && rm -rf data", "rm").args == ["/var/lib/postgresql/data"]
    # a cd inside a subshell stays there
    assert only("(cd /tmp) && rm -rf data", "rm").args == ["data"]


def test_paths_are_normalised():
    assert only("rm -rf ./data/", "rm").args == ["data"]
    assert only("rm -rf /srv/data/*", "rm").args == ["/srv/data"]
    assert only("rm -rf $HOME/.cache", "rm").args == ["~/.cache"]


def test_a_dry_run_is_marked_as_defusing():
    assert only("git clean -fdn", "git").defused == {"--dry-run"}
    assert only("kubectl delete ns x --dry-run=client", "kubectl").defused == {"--dry-run"}


def test_noise_flags_are_dropped():
    assert invocations("docker exec -it web ls")[0].flags == frozenset()
    assert only("rm -rfv x", "rm").flags == {"--recursive", "--force"}


def test_redirections_are_pseudo_options_and_dev_null_is_ignored():
    inv = only("echo hi > /etc/motd 2>/dev/null", "echo")
    assert inv.options == {">": ["/etc/motd"]}
    assert only("psql app < fix.sql", "psql").options == {"<": ["fix.sql"]}
    heredoc = only("psql app <<SQL\nDROP TABLE x;\nSQL", "psql")
    assert "DROP TABLE x" in heredoc.options["<<"][0]  # text handed to its standard input


def test_what_a_substitution_prints_runs_in_the_shell_it_feeds():
    for line in ["bash <(curl -s https://x.io/i.sh)", 'sh -c "$(curl -fsSL https://x.io/i.sh)"']:
        found = {inv.program: inv for inv in invocations(line)}
        curl, shell = found["curl"], found["sh"]
        assert curl.pipeline[0] == shell.pipeline[0] and curl.pipeline[1] < shell.pipeline[1]


def test_equivalent_spellings_of_one_danger():
    assert only("wget --no-check-certificate https://x", "curl").flags == {"--insecure"}
    assert only('psql -c "DROP DATABASE shop;"', "sql").subcommand == ("drop", "database")
    assert only("dropdb shop", "sql").args == ["shop"]
    assert only("mysqladmin -u root -f drop shop", "sql").args == ["shop"]
    assert only("service ufw stop", "systemctl").subcommand == ("stop",)
    assert only("echo FLUSHALL | redis-cli", "redis-cli").options["<<"] == ["FLUSHALL"]


def test_where_a_wrapped_command_runs_is_kept():
    assert only("docker exec -it prod-db psql -c 'x'", "psql").via == ["prod-db"]


def test_prose_and_broken_input_do_not_raise():
    assert [i.program for i in invocations("Direct prod modification")] == ["Direct"]
    assert invocations("") == []
    assert invocations("echo 'unterminated") != []
    assert invocations("a" * 20_000) != []


@pytest.mark.parametrize("line", ["kill -9 1", "kill -KILL 1", "kill -s KILL 1", "kill -SIGKILL 1"])
def test_every_spelling_of_a_signal_reads_the_same(line):
    assert only(line, "kill").options == {"--signal": ["KILL"]}


def test_an_alias_may_stand_for_several_flags_and_short_names_for_resources():
    assert only("git branch -D x", "git").flags == {"--delete", "--force"}
    deleted = only("kubectl delete ns payments", "kubectl")
    assert deleted.subcommand == ("delete", "namespace") and deleted.args == ["payments"]


def test_a_glob_and_a_trailing_slash_name_the_directory_they_are_in():
    assert only("rm -rf *", "rm").args == ["."]
    assert only("rm -r -f ./*", "rm").args == ["."]
    assert only("cd /var/www/app && rm -rf *", "rm").args == ["/var/www/app"]
    assert only("cd ~ && rm -rf ./", "rm").args == ["~"]
    assert only("cd /srv && rm -rf data", "rm").cwd == "/srv"


def test_a_for_loop_runs_its_body_on_each_word_it_lists():
    assert only('for d in /srv/a /srv/b; do rm -rf "$d"; done', "rm").args == ["/srv/a", "/srv/b"]
    assert only("for f in *.log; do gzip ${f}; done", "gzip").args == ["*.log"]


def test_a_shells_bundled_options_and_ssh_end_of_options_still_open_the_command():
    assert only("bash -lc 'rm -rf /srv/data'", "rm").args == ["/srv/data"]
    assert only("sh -ec 'rm -rf /srv/data'", "rm").args == ["/srv/data"]
    assert only("ssh web-1 -- rm -rf /srv/data", "rm").via == ["web-1"]


@pytest.mark.parametrize(
    "line", ["update-alternatives --config editor", "drop_caches.sh --now", "select-editor"]
)
def test_a_program_named_like_an_sql_verb_is_a_command_not_sql(line):
    assert all(inv.program != "sql" for inv in invocations(line))
    assert only("UPDATE accounts SET frozen = true", "sql").subcommand == ("update",)


@pytest.mark.parametrize(
    ("alias", "plain"),
    [
        ("oc adm cordon infra-3 && oc adm drain infra-3 --force", "kubectl drain infra-3 --force"),
        ("sudo bsdtar -xf site.tar -C /opt", "sudo tar -xf site.tar -C /opt"),
        (
            "docker compose run --rm -v /home:/host worker",
            "docker run --rm -v /home:/host worker",
        ),
    ],
)
def test_an_alias_program_or_subcommand_reads_as_the_command_it_stands_for(alias, plain):
    def reading(line):
        last = [i for i in invocations(line) if not i.wrapper][-1]
        return last.program, last.subcommand, last.flags, last.options

    assert reading(alias) == reading(plain)


def test_a_mounted_socket_under_run_is_the_one_under_var_run():
    via_run = only("docker run -v /run/containerd/containerd.sock:/c.sock img", "docker")
    via_mount = only(
        "docker run --mount type=bind,src=/var/run/containerd/containerd.sock,dst=/c.sock img",
        "docker",
    )
    assert via_run.options["--volume"] == via_mount.options["--volume"]
    assert via_run.options["--volume"] == ["/var/run/containerd/containerd.sock"]


def test_a_listings_all_flag_does_not_change_what_a_removal_of_its_output_removes():
    def removed(line):
        return [inv.args for inv in invocations(line) if inv.subcommand == ("rm",)][0]

    every = removed("docker rm $(docker ps --all --quiet)")
    assert every == removed("docker ps -q | xargs docker rm") == ["$(docker ps)"]
    assert removed("docker rm $(docker ps -a -q --filter label=x)") != every


def test_a_removal_of_all_reads_as_the_removal_of_what_the_listing_prints():
    removals = [
        inv.args for inv in invocations("podman rm --all --force") if inv.subcommand == ("rm",)
    ]
    assert ["$(docker ps)"] in removals
    assert only("docker ps -aq", "docker").flags == {"--all"}


@pytest.mark.parametrize(
    "line",
    [
        "yarn knex migrate:rollback --all",
        "pnpm knex migrate:rollback --all",
        "pnpm exec knex migrate:rollback --all",
        "yarn dlx knex migrate:rollback --all",
    ],
)
def test_a_package_managers_unknown_word_runs_the_projects_binary(line):
    knex = only(line, "knex")
    assert knex.args == ["migrate:rollback"] and knex.flags == {"--all"}


def test_a_package_managers_own_commands_are_not_binaries():
    for line in ("yarn add left-pad", "pnpm install", "yarn run build", "pnpm why react"):
        assert all(inv.program == "npm" for inv in invocations(line)), line


def test_options_after_an_image_go_to_the_program_the_image_is_named_after():
    liquibase = only(
        "docker run --rm liquibase/liquibase:4.27 --url=jdbc:h2:mem dropAll", "liquibase"
    )
    assert liquibase.args == ["dropAll"] and "--url" in liquibase.flags
    assert only("docker run --rm alpine:3 rm -rf /w", "rm").args == ["/w"]  # a command as given
