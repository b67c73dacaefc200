"""What a reported command keeps as its danger: a switch its `VAR=value` prefix turns off, a
value made of variables only, and the flags an offered alternative shares with it.

Each report is paired with spellings that must block and harmless look-alikes that must not."""

from __future__ import annotations

import pytest

from tests.lessons.guard_probe import blocks, report_trigger

CASES = [
    (
        # the prefix's switch is what the prose names: whichever command carries it
        "NODE_TLS_REJECT_UNAUTHORIZED=0 yarn add ${PKG}@${TAG}",
        "Disabled TLS checks for a package install",
        "NODE_TLS_REJECT_UNAUTHORIZED=0 accepts any certificate, so a proxy can swap packages.",
        [],
        [
            "NODE_TLS_REJECT_UNAUTHORIZED=0 npm ci",
            "export NODE_TLS_REJECT_UNAUTHORIZED=0",
            "env NODE_TLS_REJECT_UNAUTHORIZED=0 node server.js",
        ],
        ["yarn add lodash@4.17.21", "NODE_TLS_REJECT_UNAUTHORIZED=1 npm ci", "npm ci"],
    ),
    (
        "PIP_NO_VERIFY_CERTS=true pip download ${NAME}==${VERSION}",
        "Downloaded wheels with certificate checks off",
        "With PIP_NO_VERIFY_CERTS=true any mirror in the middle can serve altered wheels.",
        [],
        ["PIP_NO_VERIFY_CERTS=true pip install requests", "export PIP_NO_VERIFY_CERTS=1"],
        ["pip download requests==2.32.0", "PIP_NO_VERIFY_CERTS=false pip install requests"],
    ),
    (
        # a variable saying where the command ran is no switch: the command stays the danger
        "RAILS_ENV=production bin/rails db:schema:load",
        "Loaded the schema over the production database",
        "schema:load drops and recreates every table with RAILS_ENV=production.",
        [],
        ["RAILS_ENV=production bin/rails db:schema:load"],
        ["export RAILS_ENV=production", "RAILS_ENV=production bin/rails db:migrate:status"],
    ),
    (
        # the offered command's own flag (`--all-branches`) is how both run; the flag the prose
        # spells (`--cloud`) is the danger
        "dvc gc --all-branches --cloud -r <remote>",
        "Collected garbage on the shared remote across all branches",
        "With --cloud the objects no branch uses are deleted from the remote for everyone.",
        ["Collect the local cache only: dvc gc --all-branches"],
        ["dvc gc --cloud --all-tags", "dvc gc --all-branches --cloud -r s3-store"],
        ["dvc gc --all-branches", "dvc gc --all-tags", "dvc status --cloud"],
    ),
    (
        # an alternative after a colon is a command the reporter says is fine
        "helm uninstall <release> -n <namespace> --no-hooks",
        "Uninstalled a release skipping its hooks",
        "--no-hooks skips the pre-delete hooks that take the final backup.",
        ["Uninstall with the hooks: helm uninstall <release> -n <namespace>"],
        ["helm uninstall web -n shop --no-hooks"],
        ["helm uninstall web -n shop"],
    ),
    (
        # a guarded variable offered: the unguarded one reported stays blocked
        "rm -rf $STAGING_DIR/",
        "Deleted a path built from an unguarded variable",
        "When the variable is empty the path is / and everything is deleted.",
        ['Guard it: rm -rf "${STAGING_DIR:?}/"'],
        ["rm -rf $OUT_DIR/", "rm -rf ${CACHE}/"],
        ["rm -rf ./build"],
    ),
    (
        # a dotfile under a placeholder directory is that dotfile anywhere, its variants too
        "git add -f <dir>/.npmrc",
        "Force-added the ignored .npmrc with the registry token",
        ".npmrc is ignored because it holds the publish token; -f overrides the ignore.",
        [],
        ["git add --force packages/web/.npmrc", "git add -f .npmrc", "git add -f .npmrc.ci"],
        ["git add -f .npmrc.example", "git add -f src/index.js", "git add packages/web/.npmrc"],
    ),
    (
        # a documented endpoint on a placeholder host: the call its path names, on any port or
        # scheme, whatever its query
        "curl -X DELETE 'http://<host>:8500/v1/kv/?recurse=true'",
        "Deleted the whole Consul key-value store through its HTTP API",
        "A recursive delete at the root removes every key the services read their config from.",
        [],
        [
            "curl -X DELETE 'https://consul.internal/v1/kv/?recurse'",
            "curl --request DELETE http://10.0.3.7:8500/v1/kv/?recurse=true&dc=east",
        ],
        [
            "curl http://consul.internal:8500/v1/status/leader",
            "curl http://consul.internal:8500/v1/kv/?recurse",
        ],
    ),
    (
        # an output template prints the field it selects: another field of the object is not
        # the secret reported
        "kubectl get secret <name> -o go-template='{{.data.token}}'",
        "Printed a service account token into the build log",
        "The token shows in the output of every later run of the job.",
        [],
        [
            "kubectl get secret ci-token -o go-template='{{.data.ca}}'",
            "kubectl get secret ci-token -o jsonpath='{.data}'",
            "kubectl get secret ci-token -o yaml",
        ],
        [
            "kubectl get secret ci-token -o jsonpath='{.metadata.name}'",
            "kubectl get secret ci-token -o go-template='{{.type}}'",
        ],
    ),
]


@pytest.mark.parametrize(("example", "title", "why", "alternatives", "block", "allow"), CASES)
def test_reported_command_keeps_its_danger(example, title, why, alternatives, block, allow):
    trigger = report_trigger(example, title, why, alternatives)
    assert [line for line in block if not blocks(trigger, line)] == []
    assert [line for line in allow if blocks(trigger, line)] == []
