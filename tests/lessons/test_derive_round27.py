"""How a reported command becomes a trigger: a switch set in its environment (round 27).

Each case is a report written the way agents write one, with commands of our own (written from
the tools' documentation, not from any benchmark set): the danger spelled otherwise must block,
a look-alike without it (the switch left on, another variable, the plain command) must not.
"""

import pytest

from tests.lessons.guard_probe import wrongly_read

# (reported command, title, why, must block, must allow)
REPORTS = [
    # pip reads every long option from a `PIP_<OPTION>` variable, npm every configuration key from
    # `npm_config_<key>`: the variable given to the command is the option given to it
    (
        "sudo pip install --break-system-packages httpx",
        "Installed into the distribution's Python with --break-system-packages",
        "pip overwrote packages the system's own tools depend on; the package manager broke.",
        [
            "PIP_BREAK_SYSTEM_PACKAGES=1 sudo pip install rich",
            "sudo PIP_BREAK_SYSTEM_PACKAGES=1 pip install rich",
            "sudo env PIP_BREAK_SYSTEM_PACKAGES=true pip3 install -U rich",
        ],
        [
            "PIP_BREAK_SYSTEM_PACKAGES=0 sudo pip install rich",
            "PIP_NO_CACHE_DIR=1 sudo pip install rich",
            "sudo pip install --dry-run rich",
        ],
    ),
    (
        "npm install --no-strict-ssl",
        "Installed packages with npm's certificate checks off",
        "With strict-ssl off anything in the path could serve a tampered tarball.",
        [
            "npm_config_strict_ssl=false npm install",
            "NPM_CONFIG_STRICT_SSL=false npm ci",
        ],
        [
            "npm_config_strict_ssl=true npm install",
            "npm_config_loglevel=silent npm install",
            "npm ci",
        ],
    ),
    # a command doing several things (`docker system prune` prunes containers, images, networks,
    # and volumes with --volumes): where the prose spells the flag that made it dangerous, the
    # parts it does without that flag are its everyday use, though the prose mentions them
    (
        "docker system prune -af --volumes",
        "Ran docker system prune --volumes on the build host",
        "Every volume not used by a running container went, the stopped Postgres container's "
        "data with it.",
        [
            "docker volume prune -f",
            "docker system prune --volumes",
            "sudo docker system prune -a -f --volumes",
        ],
        ["docker system prune -f", "docker container prune -f", "docker image prune -a"],
    ),
    # a variable set to an off value where the prose says a check was turned off is that check's
    # switch, though the prose names the check and not the variable: it is the danger for every
    # command, and the command it prefixed is only an example
    (
        "GOSUMDB=off go install example.org/cmd/linter@latest",
        "Installed a Go tool with checksum verification turned off",
        "Nothing compared the downloaded module against the public checksum database, so a "
        "tampered release would have gone unnoticed.",
        [
            "GOSUMDB=off go get github.com/acme/lib@v1.4.2",
            "env GOSUMDB=off go mod download",
            "export GOSUMDB=off",
        ],
        [
            "go install golang.org/x/tools/gopls@latest",
            "go install example.org/cmd/linter@latest",
            "GOSUMDB=sum.golang.org go mod download",
            "GOFLAGS=-mod=mod go build ./...",
        ],
    ),
    (
        "NODE_TLS_REJECT_UNAUTHORIZED=0 node scripts/sync-orders.js",
        "Disabled certificate verification to get past the proxy",
        "Every HTTPS request the script made accepted any certificate, so the API token went to "
        "whoever answered.",
        [
            "NODE_TLS_REJECT_UNAUTHORIZED=0 npm run import",
            "export NODE_TLS_REJECT_UNAUTHORIZED=0",
        ],
        [
            "node scripts/sync-orders.js",
            "NODE_ENV=production node scripts/sync-orders.js",
            "NODE_TLS_REJECT_UNAUTHORIZED=1 npm run import",
        ],
    ),
]


@pytest.mark.parametrize(
    ("action", "title", "why", "block", "allow"), REPORTS, ids=[r[0] for r in REPORTS]
)
def test_a_switch_in_a_commands_environment_is_read_as_the_danger_it_sets(
    action, title, why, block, allow
):
    missed, blocked, derived = wrongly_read(action, title, why, block, allow)
    assert (missed, blocked) == ([], []), (derived.trigger, derived.notes)
