package io.punctual.submit.launch;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.yarn.AppId;
import io.punctual.yarn.hadoop.ClusterFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One target file per submission: named in its Spark configuration, rewritten by each move, deleted at the end. */
class TargetFilesTest {

    private static final AppId APP = new AppId("application_1_0001");

    @TempDir
    Path tmp;

    private TargetFiles targets(Path directory) throws IOException {
        return new TargetFiles(ClusterFiles.fromConfDir(Files.createDirectories(tmp.resolve("conf"))),
                directory.toUri().toString());
    }

    @Test
    void eachMoveRewritesTheSubmissionsFileWhichItsConfigurationNames() throws IOException {
        TargetFiles targets = targets(tmp.resolve("targets"));
        Path file = tmp.resolve("targets/p-7");

        assertThat(targets.conf("p-7")).containsEntry(TargetFiles.TARGET_FILE, file.toUri().toString());
        assertThat(targets.move("p-7", APP, 3)).isInstanceOf(ExecutorTargets.Move.Done.class);
        assertThat(Files.readString(file)).isEqualTo("3\n");
        assertThat(targets.move("p-7", APP, 1)).isInstanceOf(ExecutorTargets.Move.Done.class);
        assertThat(Files.readString(file)).isEqualTo("1\n");

        targets.forget("p-7");
        assertThat(file).doesNotExist();
    }

    @Test
    void theLaunchAddsThePluginAfterTheUsersAndItsJarWhereTheUsersJarsGo() throws IOException {
        TargetFiles targets = targets(tmp.resolve("targets"));
        var plain = new LaunchRequest("app.jar", java.util.Optional.empty(), java.util.List.of(
                io.punctual.submit.request.SparkOption.of("--queue", "q")), java.util.Map.of("spark.plugins",
                "com.example.Mine"), java.util.List.of(), java.util.Map.of(), tmp, tmp.resolve("out"));

        LaunchRequest following = targets.following(plain, "p-9", "/opt/punctual/lib/punctual-workloads.jar");
        assertThat(following.conf()).containsEntry("spark.plugins", "com.example.Mine," + TargetFiles.PLUGIN)
                .containsEntry(TargetFiles.TARGET_FILE, targets.fileFor("p-9"))
                .containsEntry("spark.jars", "/opt/punctual/lib/punctual-workloads.jar");

        var withJars = new LaunchRequest("app.jar", java.util.Optional.empty(), java.util.List.of(
                io.punctual.submit.request.SparkOption.of("--jars", "dep.jar")), java.util.Map.of(),
                java.util.List.of(), java.util.Map.of(), tmp, tmp.resolve("out"));
        LaunchRequest both = targets.following(withJars, "p-9", "plugin.jar");
        assertThat(both.argv()).containsSubsequence("--jars", "dep.jar,plugin.jar");
        assertThat(both.conf()).doesNotContainKey("spark.jars").containsEntry("spark.plugins", TargetFiles.PLUGIN);
    }

    @Test
    void theLaunchDecommissionsWhatIsGivenBackUnlessTheUserSaidOtherwise() throws IOException {
        TargetFiles targets = targets(tmp.resolve("targets"));
        var off = new LaunchRequest("app.jar", java.util.Optional.empty(), java.util.List.of(), java.util.Map.of(
                "spark.storage.decommission.shuffleBlocks.enabled", "false"), java.util.List.of(), java.util.Map.of(),
                tmp, tmp.resolve("out"));

        var conf = targets.following(off, "p-9", "plugin.jar").conf();

        assertThat(conf).containsEntry("spark.decommission.enabled", "true")
                .containsEntry("spark.storage.decommission.enabled", "true")
                .containsEntry("spark.storage.decommission.shuffleBlocks.enabled", "false");
        assertThat(TargetFiles.releasesSafely(conf)).as("shuffle blocks would be lost").isFalse();
        assertThat(TargetFiles.releasesSafely(java.util.Map.of())).as("the launch turns decommissioning on").isTrue();
        assertThat(TargetFiles.releasesSafely(java.util.Map.of("spark.decommission.enabled", "false"))).isFalse();
        assertThat(TargetFiles.releasesSafely(java.util.Map.of("spark.decommission.enabled", "false",
                "spark.shuffle.service.enabled", "true"))).as("the external shuffle service keeps them").isTrue();
    }

    @Test
    void aDirectoryThatCannotBeWrittenTurnsTheMoveDownWithTheFileNamed() throws IOException {
        Path blocked = Files.writeString(tmp.resolve("not-a-directory"), "a file where the directory should be");
        TargetFiles targets = targets(blocked);

        assertThat(targets.move("p-8", APP, 2)).isInstanceOfSatisfying(ExecutorTargets.Move.Unreachable.class,
                down -> assertThat(down.why()).contains("not-a-directory/p-8"));
    }
}
