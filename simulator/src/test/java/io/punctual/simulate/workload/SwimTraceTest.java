package io.punctual.simulate.workload;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SwimTraceTest {

    @TempDir
    Path dir;

    @Test
    void readsSixTabSeparatedFieldsPerJob() throws IOException {
        Path trace = write("job0\t49\t49\t740773\t2339561\t627471\n\njob1\t101\t52\t736346\t0\t432269\n");
        List<TraceJob> jobs = SwimTrace.read(trace);
        assertThat(jobs).containsExactly(new TraceJob("job0", "job0", 49, 740773, 2339561, 627471),
                new TraceJob("job1", "job1", 101, 736346, 0, 432269));
    }

    @Test
    void aLineThatDoesNotParseIsNamedByItsNumber() throws IOException {
        Path trace = write("job0\t49\t49\t1\t2\t3\njob1\t101\tfifty\t1\t2\n");
        assertThatThrownBy(() -> SwimTrace.read(trace)).isInstanceOf(TraceException.class)
                .hasMessageContaining("line 2").hasMessageContaining("5 field(s)")
                .hasMessageContaining("job id, submit seconds");
        Path notNumber = write("job0\t49\t49\t1\t2\tmany\n");
        assertThatThrownBy(() -> SwimTrace.read(notNumber)).hasMessageContaining("line 1")
                .hasMessageContaining("not a number");
        Path negative = write("job0\t-4\t49\t1\t2\t3\n");
        assertThatThrownBy(() -> SwimTrace.read(negative)).hasMessageContaining("line 1")
                .hasMessageContaining("submit time");
    }

    @Test
    void aTraceWithNoJobsOrNoFileIsRefused() throws IOException {
        Path empty = write("# nothing here\n\n");
        assertThatThrownBy(() -> SwimTrace.read(empty)).isInstanceOf(TraceException.class)
                .hasMessageContaining("has no jobs");
        assertThatThrownBy(() -> SwimTrace.read(dir.resolve("missing.tsv"))).isInstanceOf(TraceException.class)
                .hasMessageContaining("synthetic:");
        Path binary = dir.resolve("binary.tsv");
        Files.write(binary, new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});
        assertThatThrownBy(() -> SwimTrace.read(binary)).isInstanceOf(TraceException.class)
                .hasMessageContaining("not UTF-8");
    }

    private Path write(String text) throws IOException {
        Path file = Files.createTempFile(dir, "trace", ".tsv");
        Files.writeString(file, text);
        return file;
    }
}
