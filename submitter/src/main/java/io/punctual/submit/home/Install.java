package io.punctual.submit.home;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where this Punctual was built or unpacked: the Spark runtime class path and the workloads jar (the demo's Spark
 * applications). {@code bin/punctual} passes its root as {@code -Dpunctual.install}: a checkout, where Maven wrote
 * both under {@code workloads/target}, or an unpacked release, which carries them under {@code lib/} (its Spark
 * class path names jars relative to its own directory, since the release may be unpacked anywhere).
 */
public record Install(Path root, Path sparkClasspathFile, Path workloadsJar) {

    /** Where an unpacked release keeps the Spark runtime's class-path file (its jars sit beside it). */
    public static final String RELEASE_SPARK_CLASSPATH = "lib/spark/spark-runtime.classpath";

    public static Install fromRoot(Path root) {
        if (Files.isRegularFile(root.resolve(RELEASE_SPARK_CLASSPATH))) {
            return new Install(root, root.resolve(RELEASE_SPARK_CLASSPATH), root.resolve("lib/punctual-workloads.jar"));
        }
        return new Install(root, root.resolve("workloads/target/spark-runtime.classpath"),
                root.resolve("workloads/target/punctual-workloads.jar"));
    }

    /** The install named by the {@code punctual.install} system property, if any. */
    public static Optional<Install> fromSystemProperty() {
        String root = System.getProperty("punctual.install");
        return root == null || root.isBlank() ? Optional.empty() : Optional.of(fromRoot(Path.of(root)));
    }

    public Path requireSparkClasspath() {
        return require(sparkClasspathFile, "the Spark runtime class path");
    }

    public Path requireWorkloadsJar() {
        return require(workloadsJar, "the workloads jar");
    }

    private static Path require(Path file, String what) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException(what + " is missing at " + file
                    + "; build Punctual first (bin/punctual builds it on first use, or run 'mvn -DskipTests package')");
        }
        return file;
    }
}
