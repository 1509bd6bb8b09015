package io.punctual.submit.launch;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.yarn.AppId;
import io.punctual.yarn.ClusterFiles;
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
    void aDirectoryThatCannotBeWrittenTurnsTheMoveDownWithTheFileNamed() throws IOException {
        Path blocked = Files.writeString(tmp.resolve("not-a-directory"), "a file where the directory should be");
        TargetFiles targets = targets(blocked);

        assertThat(targets.move("p-8", APP, 2)).isInstanceOfSatisfying(ExecutorTargets.Move.Unreachable.class,
                down -> assertThat(down.why()).contains("not-a-directory/p-8"));
    }
}
