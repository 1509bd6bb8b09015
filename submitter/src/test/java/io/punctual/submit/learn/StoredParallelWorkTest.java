package io.punctual.submit.learn;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.width.ParallelWork;
import io.punctual.sizing.width.ParallelWorkPrior;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoredParallelWorkTest {

    @TempDir
    Path dir;

    @Test
    void theFileIsParsedAgainOnlyWhenItChangedAndAChangeAnotherProcessMadeIsSeen() throws IOException {
        StoredParallelWork file = new StoredParallelWork(new LearnedFiles(dir));
        assertThat(file.read().runs()).as("no file yet").isEmpty();
        replace(List.of("2.000 1.000 10 3.0000", "4.000 1.000 20"));

        ParallelWorkPrior first = file.read();

        assertThat(first.runs()).extracting(ParallelWork::width).containsExactly(10, 20);
        assertThat(file.read()).as("unchanged: the same parse").isSameAs(first);
        replace(List.of("2.000 1.000 10 3.0000", "4.000 1.000 20", "8.000 2.000 40 2.5000"));
        ParallelWorkPrior after = file.read();
        assertThat(after).isNotSameAs(first);
        assertThat(after.runs()).extracting(ParallelWork::width).containsExactly(10, 20, 40);
        assertThat(after.runs().get(2).laterStageRatio()).isEqualTo(2.5);
    }

    /** As another gateway sharing the home writes it: a new file moved over the old one. */
    private void replace(List<String> lines) throws IOException {
        Path next = dir.resolve("parallel-work.txt.next");
        Files.write(next, lines);
        Files.move(next, dir.resolve("parallel-work.txt"), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }
}
