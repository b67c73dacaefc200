"""Artifacts published with the tests skipped, reported as a sentence: the publishing goal or
task with the tests skipped (Maven's deploy and release plugin, Gradle's publishing to a remote
repository), never a local build or install that skips them; a sentence about skipping the tests
to get a build through still reaches the build."""

from tests.lessons.guard_probe import blocks, prose_trigger

PUBLISHED = "Published the library's jars to our Nexus with the unit tests skipped"
BUILD = "Skipped the failing tests to get the nightly build green"


def test_publishing_with_the_tests_skipped():
    trigger = prose_trigger(PUBLISHED)
    for line in (
        "mvn -Dmaven.test.skip=true deploy",
        "./mvnw -B clean deploy -DskipTests -Pnexus",
        "mvn -B release:perform -Darguments='-DskipTests -Dgpg.skip'",
        "gradle publishAllPublicationsToNexusRepository -x test",
        "./gradlew :core:publish -x check",
    ):
        assert blocks(trigger, line), line
    for line in (
        "mvn clean install -DskipTests",
        "mvn -DskipTests verify",
        "mvn deploy",
        "./gradlew publishToMavenLocal -x test",
        "./gradlew build -x test",
    ):
        assert not blocks(trigger, line), line


def test_skipping_the_tests_for_a_build_reaches_the_build():
    trigger = prose_trigger(BUILD)
    assert blocks(trigger, "mvn package -DskipTests")
    assert blocks(trigger, "./gradlew assemble -x test")
    assert not blocks(trigger, "mvn test")
