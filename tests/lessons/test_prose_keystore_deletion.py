"""A signing keystore or a private key deleted, reported as a sentence: the file removed however
(rm, shred, git rm, find -delete), or its key entry deleted with keytool; reading, exporting,
backing up or generating one stays allowed, and so does Android's debug keystore."""

from tests.lessons.guard_probe import blocks, prose_trigger

KEYSTORE = "Wiped the app's signing keystore from the CI runner to start fresh"
GPG = "Deleted the release signing key from the build machine's GnuPG keyring"


def test_a_keystore_deleted_however_it_is_done():
    trigger = prose_trigger(KEYSTORE)
    for line in (
        "rm -f mobile/keys/prod-signing.jks",
        "shred -u secrets/store.p12",
        "git rm mobile/keys/prod-signing.keystore",
        "find ~/ci -name '*.keystore' -delete",
        "keytool -delete -alias prod -keystore mobile/keys/prod-signing.jks",
    ):
        assert blocks(trigger, line), line
    for line in (
        "keytool -list -keystore mobile/keys/prod-signing.jks",
        "cp mobile/keys/prod-signing.jks /mnt/backup/",
        "rm ~/.android/debug.keystore",
        "git rm --cached mobile/keys/prod-signing.jks",
        "rm -f build/outputs/app-release.apk",
        "keytool -genkeypair -keystore fresh.jks -alias prod -keyalg RSA",
    ):
        assert not blocks(trigger, line), line


def test_a_secret_key_deleted_from_gnupg():
    trigger = prose_trigger(GPG)
    assert blocks(trigger, "gpg --batch --yes --delete-secret-keys 0xABCDEF12")
    assert not blocks(trigger, "gpg --list-secret-keys")
