package io.punctual.submit.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.sizer.ParallelismEstimate;
import io.punctual.submit.request.DeadlineKeys;
import io.punctual.yarn.hadoop.ClusterFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A first-time job's width comes from its own hints, in order, and the basis says which. */
class JobWidthTest {

    private static final long MIB = 1L << 20;
    private final List<String> asked = new ArrayList<>();

    /** A file system holding 300 MiB at hdfs://nn/in/a and 1 MiB at hdfs://nn/in/b; nothing else. */
    private final InputSizes hdfs = path -> {
        asked.add(path);
        Long bytes = Map.of("hdfs://nn/in/a", 300 * MIB, "hdfs://nn/in/b", MIB).get(path);
        return bytes == null ? InputSizes.Size.unread(path + ": no such file or directory")
                : InputSizes.Size.of(bytes);
    };

    private ParallelismEstimate width(Map<String, String> conf, List<String> args, Optional<Integer> user) {
        return new JobWidth(hdfs).of(conf, args, user, 2, 10);
    }

    @Test
    void theInputsSplitsComeFirstOverTheSplitSizeSparkUses() {
        var byKey = width(Map.of(DeadlineKeys.INPUT_PATHS, "hdfs://nn/in/a, hdfs://nn/in/b",
                "spark.default.parallelism", "500"), List.of(), Optional.of(3));
        var byArgs = width(Map.of(JobWidth.SPLIT_KEY, "64m"), List.of("--in", "hdfs://nn/in/a", "/local/out"),
                Optional.empty());

        // ⌈301 MiB / 128 MiB⌉ = 3; ⌈300 MiB / 64 MiB⌉ = 5 (the local argument is not an input path)
        assertThat(byKey.tasks()).isEqualTo(3);
        assertThat(byKey.basis()).startsWith("input splits: " + 301 * MIB + " bytes in 2 path(s)");
        assertThat(byArgs.tasks()).isEqualTo(5);
        assertThat(asked).containsExactly("hdfs://nn/in/a", "hdfs://nn/in/b", "hdfs://nn/in/a");
    }

    @Test
    void anUnreadableInputFallsBackToTheNextHintAndSaysWhy() {
        var parallelism = width(Map.of(DeadlineKeys.INPUT_PATHS, "hdfs://nn/missing",
                "spark.sql.shuffle.partitions", "40"), List.of(), Optional.of(3));
        var user = width(Map.of(DeadlineKeys.INPUT_PATHS, "hdfs://nn/missing"), List.of(), Optional.of(3));
        var none = width(Map.of(), List.of(), Optional.empty());

        assertThat(parallelism.tasks()).isEqualTo(40);
        assertThat(parallelism.basis()).contains("spark.sql.shuffle.partitions")
                .contains("not read: hdfs://nn/missing: no such file or directory");
        assertThat(user.tasks()).isEqualTo(6);
        assertThat(user.basis()).startsWith("--num-executors x cores");
        assertThat(none.tasks()).isEqualTo(20);
        assertThat(none.basis()).contains("no hint").contains(DeadlineKeys.INPUT_PATHS);
        assertThat(asked).containsExactly("hdfs://nn/missing", "hdfs://nn/missing");
    }

    @Test
    void theInputIsMeasuredAsTheUserTheApplicationRunsAs() {
        List<String> users = new ArrayList<>();
        InputSizes perUser = new InputSizes() {
            @Override
            public Size size(String path) {
                return Size.unread(path + ": not as this process");
            }

            @Override
            public InputSizes as(String user) {
                users.add(user);
                return hdfs;
            }
        };

        var width = new JobWidth(perUser).of(Map.of(DeadlineKeys.INPUT_PATHS, "hdfs://nn/in/a",
                io.punctual.submit.request.SparkSettings.PROXY_USER, "finance-etl"), List.of(), Optional.empty(), 1, 10);

        assertThat(users).containsExactly("finance-etl");
        assertThat(width.tasks()).isEqualTo(3);
    }

    @Test
    void aRequestCannotMakeSizingListAFileSystemAtLength() {
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            many.add("hdfs://nn/in/" + i);
        }
        width(Map.of(DeadlineKeys.INPUT_PATHS, String.join(",", many)), many, Optional.empty());

        assertThat(asked).hasSize(JobWidth.MAX_PATHS);
    }

    @Test
    void theClusterIsMeasuredButNeverTheLocalDiskOfTheHostSizingRunsOn(@TempDir Path tmp) throws Exception {
        Path input = Files.createDirectories(tmp.resolve("input"));
        Files.write(input.resolve("part-0"), new byte[1000]);
        var sizes = new ClusterInputSizes(() -> ClusterFiles.fromConfDir(tmp));

        var measured = sizes.measure(List.of(input.toUri().toString(), input.toString()));

        assertThat(measured.bytes()).isZero();
        assertThat(measured.unread()).hasSize(2).allSatisfy(why -> assertThat(why).contains("a local path"));
    }
}
