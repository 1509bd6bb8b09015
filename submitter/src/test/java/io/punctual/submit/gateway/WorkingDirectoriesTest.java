package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.submit.request.SubmitArguments;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the reaper deletes of the gateway's working directory, and what it must keep. */
class WorkingDirectoriesTest {

    @TempDir
    Path tmp;

    private static BatchRecord batch(String submissionId, Path jar, BatchState state) {
        return BatchRecord.recorded(1, "analytics", submissionId, null, null, null,
                SubmitArguments.parse(List.of("--class", "A", jar.toString())), "analytics/A", 0, 600_000, "sla",
                false).withState(state, 1);
    }

    private static Path file(Path dir, String name, String content) throws Exception {
        Files.createDirectories(dir);
        return Files.writeString(dir.resolve(name), content);
    }

    private static void age(Path path) throws Exception {
        Files.setLastModifiedTime(path, FileTime.from(Instant.now().minus(Duration.ofHours(2))));
    }

    @Test
    void endedBatchesDirectoriesAndCopiesNoUnfinishedBatchNamesGoTheRestStays() throws Exception {
        Path root = tmp.resolve("work");
        var work = new WorkingDirectories(root);
        Path kept = work.copies().copy(file(tmp.resolve("team"), "kept.jar", "still needed"));
        Path unneeded = work.copies().copy(file(tmp.resolve("team"), "old.jar", "shipped by a batch that ended"));
        Path fresh = work.copies().copy(file(tmp.resolve("team"), "new.jar", "a request being received"));
        Path endedDir = file(root.resolve("gw-ended"), "spark-submit.tmp", "x").getParent();
        Path runningDir = file(root.resolve("gw-running"), "spark-submit.tmp", "x").getParent();
        for (Path old : List.of(kept.getParent(), unneeded.getParent(), endedDir, runningDir)) {
            age(old);
        }

        var swept = work.sweep(List.of(batch("gw-running", kept, BatchState.RUNNING),
                batch("gw-ended", unneeded, BatchState.SUCCESS)));

        assertThat(swept).isEqualTo(new WorkingDirectories.Swept(1, 1));
        assertThat(kept).exists();
        assertThat(fresh).as("younger than the idle time").exists();
        assertThat(unneeded.getParent()).doesNotExist();
        assertThat(endedDir).doesNotExist();
        assertThat(runningDir).exists();
        assertThat(work.copies().copy(tmp.resolve("team/old.jar"))).as("copied again when asked again")
                .hasContent("shipped by a batch that ended");
    }
}
