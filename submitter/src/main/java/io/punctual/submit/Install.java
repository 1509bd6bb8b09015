package io.punctual.submit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where this Punctual was built: the Spark runtime class path Maven wrote and the workloads jar (the demo's Spark
 * applications). {@code bin/punctual} passes the checkout's root as {@code -Dpunctual.install}.
 */
public record Install(Path root, Path sparkClasspathFile, Path workloadsJar) {

    public static Install fromRoot(Path root) {
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
