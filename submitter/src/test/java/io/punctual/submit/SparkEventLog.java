package io.punctual.submit;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Apache Spark's own event logs (the ones its HistoryServerSuite reads), for tests that need a real one as a file:
 * classpath resources {@code spark-events/<application>} of the test-scoped dependency
 * {@code org.apache.spark:spark-core_2.13:<spark.version>:tests}, copied into a directory of the test's own, so no
 * test reads anything beside the repository.
 */
public final class SparkEventLog {

    /** Where the logs come from, for the message of a test that cannot find one. */
    public static final String ARTIFACT = "org.apache.spark:spark-core_2.13:<spark.version>:tests"
            + " (a test dependency of submitter, see submitter/pom.xml)";

    private SparkEventLog() {
    }

    /**
     * Copies Spark's event log {@code spark-events/<application>} into {@code dir} under its own name.
     *
     * @return the copy
     * @throws IllegalStateException naming the artifact when the log is not on the test classpath
     */
    public static Path copy(String application, Path dir) throws IOException {
        String resource = "spark-events/" + application;
        try (InputStream in = SparkEventLog.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("Spark's event log " + resource + " is not on the test classpath:"
                        + " it comes from " + ARTIFACT);
            }
            Path copy = Files.createDirectories(dir).resolve(application);
            Files.copy(in, copy);
            return copy;
        }
    }
}
