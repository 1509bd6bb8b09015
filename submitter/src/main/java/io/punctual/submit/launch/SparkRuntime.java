package io.punctual.submit.launch;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A Spark installation to launch with. These machines have no Spark distribution, so Punctual lays out a thin one
 * under its home: {@code jars/} links to the Spark runtime jars Maven resolved, {@code bin/spark-submit} asks Spark's
 * own launcher library for the JVM command (so driver memory, module options and class path are Spark's), and
 * {@code conf/} holds a quiet logging setup. A real {@code SPARK_HOME} is used as it is.
 *
 * @param home       the directory to give SparkLauncher as SPARK_HOME
 * @param jarsOnEveryNode whether {@code home/jars} exists at the same path on every node (true for the embedded
 *                   cluster), so applications can use them in place instead of uploading ~280 MB each time
 */
public record SparkRuntime(Path home, boolean jarsOnEveryNode) {

    /** Spark's own distribution at {@code sparkHome}. */
    public static SparkRuntime installed(Path sparkHome) {
        if (!Files.isExecutable(sparkHome.resolve("bin/spark-submit"))) {
            throw new IllegalArgumentException("SPARK_HOME=" + sparkHome + " has no executable bin/spark-submit");
        }
        return new SparkRuntime(sparkHome, false);
    }

    /**
     * Lays out (or refreshes) a thin distribution at {@code home} over the jars listed in {@code classpathFile}
     * (a Maven {@code dependency:build-classpath} output).
     */
    public static SparkRuntime thin(Path home, Path classpathFile, Path java) {
        try {
            List<Path> jars = Stream.of(Files.readString(classpathFile).trim().split(File.pathSeparator))
                    .filter(s -> !s.isBlank()).map(Path::of).toList();
            if (jars.isEmpty()) {
                throw new IllegalStateException("the Spark runtime class path " + classpathFile + " is empty");
            }
            String fingerprint = String.join("\n", jars.stream().map(Path::toString).toList()) + "\n" + java;
            Path stamp = home.resolve(".punctual-runtime");
            if (!Files.exists(stamp) || !Files.readString(stamp).equals(fingerprint)) {
                layOut(home, jars, java);
                writeAtomically(stamp, fingerprint);
            }
            return new SparkRuntime(home, true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lay out the Spark runtime under " + home + ": " + e.getMessage(), e);
        }
    }

    private static void layOut(Path home, List<Path> jars, Path java) throws IOException {
        Path jarsDir = home.resolve("jars");
        Files.createDirectories(jarsDir);
        try (Stream<Path> old = Files.list(jarsDir)) {
            for (Path link : old.toList()) {
                Files.delete(link);
            }
        }
        Set<String> names = new HashSet<>();
        for (Path jar : jars) {
            String name = jar.getFileName().toString();
            if (!names.add(name)) {
                name = names.size() + "-" + name;
                names.add(name);
            }
            Files.createSymbolicLink(jarsDir.resolve(name), jar.toAbsolutePath());
        }
        Files.createDirectories(home.resolve("conf"));
        Files.createDirectories(home.resolve("bin"));
        // Spark's launcher looks for jars/ only in a directory that carries a RELEASE file.
        writeAtomically(home.resolve("RELEASE"), "Spark (thin distribution laid out by Punctual over Maven's jars)\n");
        writeAtomically(home.resolve("conf/log4j2.properties"), resource("spark-log4j2.properties"));
        Path submit = home.resolve("bin/spark-submit");
        writeAtomically(submit, resource("spark-submit.sh").replace("@JAVA@", java.toString()));
        Files.setPosixFilePermissions(submit, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static String resource(String name) throws IOException {
        try (var in = SparkRuntime.class.getResourceAsStream("/punctual/spark-home/" + name)) {
            if (in == null) {
                throw new IOException("missing resource " + name + " in the Punctual jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static void writeAtomically(Path file, String text) throws IOException {
        Path partial = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(partial, text);
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The value for {@code spark.yarn.jars} that uses this runtime's jars in place on every node. */
    public String jarsInPlace() {
        return "local:" + home.resolve("jars").toAbsolutePath() + "/*";
    }
}
