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
import io.punctual.submit.request.InvalidRequest;

/**
 * A Spark installation to launch with. These machines have no Spark distribution, so Punctual lays out a thin one
 * under its home: {@code jars/} links to the Spark runtime jars Maven resolved, {@code bin/spark-submit} asks Spark's
 * own launcher library for the JVM command (so driver memory, module options and class path are Spark's), and
 * {@code conf/} holds a quiet logging setup. A real {@code SPARK_HOME} is used as it is.
 *
 * @param home            the directory to give SparkLauncher as SPARK_HOME
 * @param jars            how YARN containers find Spark's jars ({@link SparkJars})
 * @param pysparkArchives pyspark.zip and py4j's zip named by the site, for Python applications; empty to use the
 *                        distribution's {@code python/lib}, or the thin runtime's {@code python}'s pyspark
 * @param python          the Python executable of Python applications' drivers and executors
 *                        ({@code spark.pyspark.python}), which the thin runtime also asks where pyspark is installed
 */
public record SparkRuntime(Path home, SparkJars jars, List<String> pysparkArchives, String python) {

    /** Spark's own default Python, when neither the site nor PYSPARK_PYTHON names one. */
    public static final String DEFAULT_PYTHON = "python3";

    public SparkRuntime {
        pysparkArchives = List.copyOf(pysparkArchives);
        python = python == null || python.isBlank() ? DEFAULT_PYTHON : python;
    }

    public SparkRuntime(Path home, SparkJars jars, List<String> pysparkArchives) {
        this(home, jars, pysparkArchives, DEFAULT_PYTHON);
    }

    /** Spark's own distribution at {@code sparkHome}. */
    public static SparkRuntime installed(Path sparkHome) {
        if (!Files.isExecutable(sparkHome.resolve("bin/spark-submit"))) {
            throw new IllegalArgumentException("SPARK_HOME=" + sparkHome + " has no executable bin/spark-submit");
        }
        return new SparkRuntime(sparkHome, new SparkJars.FromDistribution(), List.of());
    }

    /**
     * Lays out (or refreshes) a thin distribution at {@code home} over the jars listed in {@code classpathFile}
     * (a Maven {@code dependency:build-classpath} output, or a release's list of paths relative to the file).
     */
    public static SparkRuntime thin(Path home, Path classpathFile, Path java) {
        try {
            // A release's file names its jars relative to the file, so the release works wherever it is unpacked.
            Path base = classpathFile.toAbsolutePath().getParent();
            List<Path> jars = Stream.of(Files.readString(classpathFile).trim().split(File.pathSeparator))
                    .filter(s -> !s.isBlank()).map(s -> base.resolve(s).normalize()).toList();
            if (jars.isEmpty()) {
                throw new IllegalStateException("the Spark runtime class path " + classpathFile + " is empty");
            }
            String fingerprint = String.join("\n", jars.stream().map(Path::toString).toList()) + "\n" + java;
            Path stamp = home.resolve(".punctual-runtime");
            if (!Files.exists(stamp) || !Files.readString(stamp).equals(fingerprint)) {
                layOut(home, jars, java);
                writeAtomically(stamp, fingerprint);
            }
            return new SparkRuntime(home, new SparkJars.InPlace(home.resolve("jars")), List.of());
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

    /** This runtime with its containers finding Spark's jars by {@code choice}. */
    public SparkRuntime withJars(SparkJars choice) {
        return new SparkRuntime(home, choice, pysparkArchives, python);
    }

    /** This runtime with pyspark's archives named by the site ({@code punctual.spark.pyspark-archives}). */
    public SparkRuntime withPySparkArchives(List<String> archives) {
        return new SparkRuntime(home, jars, archives, python);
    }

    /** This runtime running Python applications with {@code executable}; a blank one keeps the current. */
    public SparkRuntime withPython(String executable) {
        return executable == null || executable.isBlank() ? this
                : new SparkRuntime(home, jars, pysparkArchives, executable);
    }

    /** Whether this is a Spark distribution's own installation rather than Punctual's thin runtime. */
    public boolean isDistribution() {
        return jars instanceof SparkJars.FromDistribution;
    }

    /**
     * Refuses a Python application (a {@code .py} primary resource) that could not start: on YARN, spark-submit
     * ships pyspark.zip and py4j's zip with it, and takes them from the site's setting, the distribution's
     * {@code python/lib}, or (the thin runtime) the pip package of pyspark installed for {@link #python}. Called
     * before anything is reserved.
     */
    public void requirePython(String primaryResource) {
        forApplication(primaryResource);
    }

    /**
     * This runtime as {@code primaryResource} runs with: for a Python application on the thin runtime without the
     * site's archives, the archives of the pyspark installed for {@link #python}, which must be this Spark's version.
     *
     * @throws InvalidRequest when a Python application could not start, saying what to install
     */
    public SparkRuntime forApplication(String primaryResource) {
        if (!isPython(primaryResource) || !pysparkArchives.isEmpty()) {
            return this;
        }
        String why = "the Python application " + Path.of(primaryResource).getFileName();
        if (isDistribution()) {
            if (hasPythonLib()) {
                return this;
            }
            throw new InvalidRequest("cannot run " + why + ": pyspark.zip and py4j-<version>-src.zip are missing"
                    + " (SPARK_HOME=" + home + " has no python/lib/pyspark.zip). Set SPARK_HOME to a Spark 3.5"
                    + " distribution, or name both archives in the site's punctual.spark.pyspark-archives");
        }
        PySparkInstallation installed = PySparkInstallation.locate(python, sparkVersion(), why);
        return withPySparkArchives(installed.archives(why).stream().map(Path::toString).toList());
    }

    /** The Spark version of the thin runtime, from its spark-core jar's name. */
    String sparkVersion() {
        try {
            return SparkArchive.version(SparkArchive.jars(home.resolve("jars")));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the Spark runtime's jars under " + home + ": "
                    + e.getMessage(), e);
        }
    }

    /** Whether spark-submit runs {@code primaryResource} as a Python application. */
    public static boolean isPython(String primaryResource) {
        return primaryResource != null && primaryResource.endsWith(".py");
    }

    private boolean hasPythonLib() {
        Path lib = home.resolve("python/lib");
        if (!Files.isRegularFile(lib.resolve("pyspark.zip")) || !Files.isDirectory(lib)) {
            return false;
        }
        try (Stream<Path> files = Files.list(lib)) {
            return files.anyMatch(f -> f.getFileName().toString().matches("py4j-.*\\.zip"));
        } catch (IOException e) {
            return false;
        }
    }
}
