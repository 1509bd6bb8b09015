package io.punctual.bench.history;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Where the benchmark logs come from and go: a real Spark 3 log from Spark's own test data (spark-core's test jar, on
 * this module's class path), expanded under target/.
 */
final class BenchLogs {

    /** A Spark 3.1 log with SQL events, three jobs, 48 tasks: a realistic mix of events to expand. */
    static final String TEMPLATE = "spark-events/app-20200706201101-0003";

    private BenchLogs() {
    }

    private static Path dir() {
        return Path.of(System.getProperty("punctual.bench.dir", "benchmarks/target/history-bench"));
    }

    /** The template, copied out of the class path to {@code benchmarks/target/history-bench/} (reused if present). */
    static Path template() throws IOException {
        Path copy = dir().resolve("template").resolve(Path.of(TEMPLATE).getFileName().toString());
        if (Files.isRegularFile(copy)) {
            return copy;
        }
        try (InputStream in = BenchLogs.class.getClassLoader().getResourceAsStream(TEMPLATE)) {
            if (in == null) {
                throw new IllegalStateException("the template log " + TEMPLATE + " is not on the class path: it comes"
                        + " from org.apache.spark:spark-core_2.13:<spark.version>:tests, a runtime dependency of"
                        + " benchmarks (put benchmarks/target/benchmarks.classpath on the class path)");
            }
            Files.createDirectories(copy.getParent());
            Path partial = Files.createTempFile(copy.getParent(), "template", ".partial");
            Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
            return Files.move(partial, copy, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** An expanded log of about {@code megabytes} MB under {@code benchmarks/target/history-bench}. */
    static SyntheticEventLog.Written expanded(int megabytes) throws IOException {
        Path out = dir().resolve("app-synthetic-" + megabytes + "mb");
        return SyntheticEventLog.write(template(), out, megabytes * 1_000_000L);
    }
}
