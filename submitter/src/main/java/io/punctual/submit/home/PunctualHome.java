package io.punctual.submit.home;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where Punctual keeps everything it writes: {@code $PUNCTUAL_HOME}, by default {@code ~/.punctual}. Two homes never
 * share a file, so two Punctuals with different homes do not interfere.
 */
public record PunctualHome(Path root) {

    public PunctualHome {
        root = root.toAbsolutePath().normalize();
    }

    public static PunctualHome from(Map<String, String> env) {
        String configured = env.get("PUNCTUAL_HOME");
        if (configured != null && !configured.isBlank()) {
            return new PunctualHome(Path.of(configured));
        }
        return new PunctualHome(Path.of(System.getProperty("user.home"), ".punctual"));
    }

    /** Spark event logs of every application Punctual launches; the history estimator reads them here. */
    public Path eventLogs() {
        return dir("history/event-logs");
    }

    /** Punctual's durable state: runs, models, learned sizing state, submissions. */
    public Path store() {
        return dir("store");
    }

    /** Output of each submission's spark-submit process and Punctual's own log. */
    public Path logs() {
        return dir("logs");
    }

    /** Inputs the demo and benchmarks generate. */
    public Path data() {
        return dir("data");
    }

    /** Configuration the embedded cluster writes for its clients (a HADOOP_CONF_DIR). */
    public Path embeddedConf() {
        return dir("embedded/conf");
    }

    /** The thin Spark distribution Punctual lays out when there is no SPARK_HOME. */
    public Path sparkHome() {
        return dir("spark");
    }

    /** Scratch space for Punctual's processes and the spark-submit processes it starts (their java.io.tmpdir). */
    public Path scratch() {
        return dir("tmp");
    }

    private Path dir(String relative) {
        Path dir = root.resolve(relative);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dir + " (PUNCTUAL_HOME=" + root
                    + "); set PUNCTUAL_HOME to a writable directory", e);
        }
        return dir;
    }
}
