package io.punctual.submit.pipeline;

import io.punctual.sizing.sizer.ParallelismEstimate;
import io.punctual.submit.request.DeadlineKeys;
import io.punctual.submit.request.SparkMemory;
import io.punctual.submit.request.SparkSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The widest stage of a job history does not know, from the job's own hints only — never from other jobs, whose
 * widths say nothing of this one — in the order of how much each says: the splits Spark will make of its input (its
 * input paths' size over the split size), its {@code spark.default.parallelism} or
 * {@code spark.sql.shuffle.partitions}, the executors the user asked for. With no hint at all it is the team cap,
 * and the basis says so. What Justice's fraction is applied to (Justice, Algorithm 4: {@code min(tasks, capacity)}).
 */
public final class JobWidth {

    /** Spark's split size for files: {@code spark.sql.files.maxPartitionBytes}, an HDFS block by default. */
    static final String SPLIT_KEY = "spark.sql.files.maxPartitionBytes";
    static final long DEFAULT_SPLIT_BYTES = 128L << 20;

    /** Schemes of cluster file systems an argument may name its input with. */
    private static final Set<String> CLUSTER_SCHEMES = Set.of("hdfs", "viewfs", "s3a", "abfs", "abfss", "gs",
            "wasb", "wasbs", "ofs", "o3fs");

    /** Most paths measured for one job: a request cannot make sizing list a file system at length. */
    static final int MAX_PATHS = 32;

    private final InputSizes inputs;

    public JobWidth(InputSizes inputs) {
        this.inputs = inputs;
    }

    /**
     * @param conf    the job's effective Spark conf
     * @param appArgs the application's arguments (cluster URIs among them are input paths)
     * @param user    the user's explicit executor count
     * @param teamCap the most executors the job may have
     */
    public ParallelismEstimate of(Map<String, String> conf, List<String> appArgs, Optional<Integer> user, int cores,
                                  int teamCap) {
        List<String> paths = inputPaths(conf, appArgs);
        String unreadNote = "";
        if (!paths.isEmpty()) {
            InputSizes.Measured measured = Optional.ofNullable(conf.get(SparkSettings.PROXY_USER))
                    .map(inputs::as).orElse(inputs).measure(paths);
            long split = splitBytes(conf);
            if (measured.bytes() > 0) {
                long splits = Math.max(1, (measured.bytes() + split - 1) / split);
                return new ParallelismEstimate((int) Math.min(Integer.MAX_VALUE, splits), "input splits: "
                        + measured.bytes() + " bytes in " + measured.read() + " path(s) / " + split + " per split"
                        + unread(measured));
            }
            unreadNote = measured.unread().isEmpty() ? "; the input paths hold no bytes" : unread(measured);
        }
        for (String key : List.of("spark.default.parallelism", "spark.sql.shuffle.partitions")) {
            Optional<Integer> configured = whole(conf.get(key));
            if (configured.isPresent()) {
                return new ParallelismEstimate(configured.get(), key + unreadNote);
            }
        }
        if (user.isPresent()) {
            return new ParallelismEstimate(user.get() * cores, "--num-executors x cores" + unreadNote);
        }
        return new ParallelismEstimate(teamCap * cores, "no hint of the job's width (give "
                + DeadlineKeys.INPUT_PATHS + " or spark.default.parallelism): team cap x cores" + unreadNote, false);
    }

    /** {@value DeadlineKeys#INPUT_PATHS}, then the arguments that are URIs of a cluster file system. */
    static List<String> inputPaths(Map<String, String> conf, List<String> appArgs) {
        List<String> paths = new ArrayList<>();
        Optional.ofNullable(conf.get(DeadlineKeys.INPUT_PATHS)).ifPresent(given -> {
            for (String path : given.split(",")) {
                if (!path.isBlank()) {
                    paths.add(path.trim());
                }
            }
        });
        for (String arg : appArgs) {
            int colon = arg.indexOf("://");
            if (colon > 0 && CLUSTER_SCHEMES.contains(arg.substring(0, colon).toLowerCase(Locale.ROOT))) {
                paths.add(arg);
            }
        }
        return paths.stream().distinct().limit(MAX_PATHS).toList();
    }

    private static long splitBytes(Map<String, String> conf) {
        String given = conf.get(SPLIT_KEY);
        if (given == null) {
            return DEFAULT_SPLIT_BYTES;
        }
        try {
            // A bare number is bytes for this key, as Spark reads it.
            return Math.max(1, given.trim().matches("[0-9]+") ? Long.parseLong(given.trim())
                    : SparkMemory.mebibytes(given, SPLIT_KEY) << 20);
        } catch (RuntimeException unreadable) {
            return DEFAULT_SPLIT_BYTES;
        }
    }

    private static String unread(InputSizes.Measured measured) {
        return measured.unread().isEmpty() ? "" : "; not read: " + String.join("; ", measured.unread());
    }

    private static Optional<Integer> whole(String value) {
        if (value == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Integer.parseInt(value.trim())).filter(n -> n >= 1);
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
