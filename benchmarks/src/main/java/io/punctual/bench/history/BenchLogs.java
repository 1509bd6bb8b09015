package io.punctual.bench.history;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where the benchmark logs come from and go: a real Spark 3 log from ../shared, expanded under target/. */
final class BenchLogs {

    /** A Spark 3.1 log with SQL events, three jobs, 48 tasks: a realistic mix of events to expand. */
    static final String TEMPLATE = "spark-events/app-20200706201101-0003";

    private BenchLogs() {
    }

    static Path template() {
        String shared = System.getProperty("punctual.shared.dir", "../shared");
        Path path = Path.of(shared, "data", TEMPLATE);
        if (!Files.isReadable(path)) {
            throw new IllegalStateException("cannot read the template log " + path.toAbsolutePath()
                    + "; run from the repository root or pass -Dpunctual.shared.dir=<path to shared>");
        }
        return path;
    }

    /** An expanded log of about {@code megabytes} MB under {@code benchmarks/target/history-bench}. */
    static SyntheticEventLog.Written expanded(int megabytes) throws IOException {
        Path out = Path.of(System.getProperty("punctual.bench.dir", "benchmarks/target/history-bench"))
                .resolve("app-synthetic-" + megabytes + "mb");
        return SyntheticEventLog.write(template(), out, megabytes * 1_000_000L);
    }
}
