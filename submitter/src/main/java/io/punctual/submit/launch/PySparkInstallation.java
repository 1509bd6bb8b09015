package io.punctual.submit.launch;

import io.punctual.submit.request.InvalidRequest;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A {@code pyspark} package installed for a Python (by {@code pip install pyspark==<Spark version>}), as that Python
 * reports it. The pip package carries what spark-submit ships with a Python application on YARN — the
 * {@code python/lib/pyspark.zip} and {@code py4j-<version>-src.zip} of the Spark release it was built from — so
 * Punctual's thin runtime, which has no Python of its own, takes them from there.
 *
 * @param python         the Python executable that was asked
 * @param pysparkVersion {@code pyspark.__version__}
 * @param pysparkDir     the directory of the {@code pyspark} package
 * @param py4jVersion    the installed py4j's version (informational: the archives carry their own)
 */
public record PySparkInstallation(String python, String pysparkVersion, Path pysparkDir, String py4jVersion) {

    /** Prints the four facts, one a line; exits non-zero with Python's own error when an import fails. */
    static final String PROBE = "import os, pyspark, py4j.version\n"
            + "print(pyspark.__version__)\n"
            + "print(os.path.dirname(os.path.abspath(pyspark.__file__)))\n"
            + "print(py4j.version.__version__)\n";

    private static final long TIMEOUT_SECONDS = 60;

    /**
     * Asks {@code python} where pyspark is installed and checks it is {@code sparkVersion}'s.
     *
     * @param why how the application is named in an error ("the Python application etl.py")
     * @throws InvalidRequest when the Python cannot be run, has no pyspark or py4j, or has another Spark's pyspark
     */
    public static PySparkInstallation locate(String python, String sparkVersion, String why) {
        Probe probe = Probe.run(python);
        PySparkInstallation found = parse(python, probe, sparkVersion, why);
        if (!found.pysparkVersion().equals(sparkVersion)) {
            throw new InvalidRequest("cannot run " + why + ": " + python + " has pyspark " + found.pysparkVersion()
                    + " (at " + found.pysparkDir() + "), but Punctual runs Spark " + sparkVersion + "; install the"
                    + " matching one with '" + python + " -m pip install pyspark==" + sparkVersion + "', or set"
                    + " punctual.spark.python to a Python that has it");
        }
        return found;
    }

    /** The facts a probe printed, or why there are none. Package-private for tests that fake the process. */
    static PySparkInstallation parse(String python, Probe probe, String sparkVersion, String why) {
        List<String> lines = probe.out().lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        if (probe.exit() != 0 || lines.size() < 3) {
            throw new InvalidRequest("cannot run " + why + ": pyspark.zip and py4j-<version>-src.zip are missing (no"
                    + " SPARK_HOME is set, and " + python + " has no pyspark: " + probe.reason() + "). Install it with"
                    + " '" + python + " -m pip install pyspark==" + sparkVersion + "' (or set punctual.spark.python"
                    + " or PYSPARK_PYTHON to a Python that has it), set SPARK_HOME to a Spark " + sparkVersion
                    + " distribution, or name both archives in the site's punctual.spark.pyspark-archives");
        }
        return new PySparkInstallation(python, lines.get(0), Path.of(lines.get(1)), lines.get(2));
    }

    /**
     * The archives spark-submit ships: the package's {@code python/lib/pyspark.zip} and its py4j source zip.
     *
     * @throws InvalidRequest when the installation does not carry them (not a pip package of a Spark release)
     */
    public List<Path> archives(String why) {
        Path lib = pysparkDir.resolve("python/lib");
        Path pyspark = lib.resolve("pyspark.zip");
        List<Path> py4j = List.of();
        if (Files.isDirectory(lib)) {
            try (var files = Files.list(lib)) {
                py4j = files.filter(f -> f.getFileName().toString().matches("py4j-.*-src\\.zip")).sorted().toList();
            } catch (IOException e) {
                py4j = List.of();
            }
        }
        if (!Files.isRegularFile(pyspark) || py4j.isEmpty()) {
            throw new InvalidRequest("cannot run " + why + ": the pyspark " + pysparkVersion + " of " + python
                    + " (at " + pysparkDir + ") has no python/lib/pyspark.zip and py4j-<version>-src.zip, which the"
                    + " pip package of a Spark release carries; reinstall it with '" + python + " -m pip install"
                    + " --force-reinstall pyspark==" + pysparkVersion + "', or set SPARK_HOME to a Spark distribution");
        }
        return List.of(pyspark, py4j.get(py4j.size() - 1));
    }

    /** What running the probe gave: its exit status, standard output and the last line of its error output. */
    record Probe(int exit, String out, String reason) {

        static Probe run(String python) {
            Process process;
            try {
                process = new ProcessBuilder(python, "-c", PROBE).redirectInput(ProcessBuilder.Redirect.PIPE)
                        .start();
            } catch (IOException e) {
                return new Probe(-1, "", "it cannot be run (" + e.getMessage() + ")");
            }
            try {
                process.getOutputStream().close();
                CompletableFuture<String> out = read(process.getInputStream());
                CompletableFuture<String> err = read(process.getErrorStream());
                if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    return new Probe(-1, "", "it did not answer within " + TIMEOUT_SECONDS + " s");
                }
                return new Probe(process.exitValue(), out.join(), lastLine(err.join()));
            } catch (IOException e) {
                return new Probe(-1, "", e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
                return new Probe(-1, "", "interrupted");
            }
        }

        private static CompletableFuture<String> read(InputStream in) {
            return CompletableFuture.supplyAsync(() -> {
                try (in) {
                    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    return "";
                }
            });
        }

        /** The line a Python traceback ends with ("ModuleNotFoundError: No module named 'pyspark'"). */
        static String lastLine(String text) {
            List<String> lines = text.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
            return lines.isEmpty() ? "no output" : lines.get(lines.size() - 1);
        }
    }
}
