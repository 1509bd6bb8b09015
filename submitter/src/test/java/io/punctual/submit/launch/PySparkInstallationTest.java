package io.punctual.submit.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.sizing.JobKey;
import io.punctual.sizing.Resources;
import io.punctual.submit.request.InvalidRequest;
import io.punctual.submit.request.Submission;
import io.punctual.submit.request.SubmitArguments;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding pyspark's archives in a pip installation, with fake Pythons (shell scripts that print what a real one's probe
 * would): the version check, the errors that say what to install, and the command a Python application gets.
 */
class PySparkInstallationTest {

    private static final ContainerShapes SHAPES = new ContainerShapes(Resources.of(1, 1536), Resources.of(1, 1536), 2);

    @TempDir
    Path tmp;

    private SparkRuntime thin;

    @BeforeEach
    void thinRuntime() throws IOException {
        Path jars = Files.createDirectories(tmp.resolve("spark/jars"));
        Files.writeString(jars.resolve("spark-core_2.13-3.5.6.jar"), "");
        thin = new SparkRuntime(jars.getParent(), new SparkJars.InPlace(jars), List.of());
    }

    /** A pip installation of pyspark {@code version} in a site-packages of its own, with its python/lib archives. */
    private Path sitePackages(String version, boolean withArchives) throws IOException {
        Path pyspark = Files.createDirectories(tmp.resolve("site-" + version + "/pyspark"));
        if (withArchives) {
            Path lib = Files.createDirectories(pyspark.resolve("python/lib"));
            Files.writeString(lib.resolve("pyspark.zip"), "");
            Files.writeString(lib.resolve("py4j-0.10.9.7-src.zip"), "");
        }
        return pyspark;
    }

    private String python(String script) throws IOException {
        Path python = tmp.resolve("python-" + System.nanoTime());
        Files.writeString(python, "#!/bin/sh\n" + script + "\n");
        Files.setPosixFilePermissions(python, PosixFilePermissions.fromString("rwxr-xr-x"));
        return python.toString();
    }

    private String pythonWith(Path pyspark, String version) throws IOException {
        return python("printf '%s\\n' '" + version + "' '" + pyspark + "' '0.10.9.7'");
    }

    @Test
    void theArchivesOfTheMatchingPipPackageAreShippedAndItsPythonRunsTheApplication() throws IOException {
        Path pyspark = sitePackages("3.5.6", true);
        String python = pythonWith(pyspark, "3.5.6");

        SparkRuntime ready = thin.withPython(python).forApplication("/jobs/wordcount.py");

        assertThat(ready.pysparkArchives()).containsExactly(pyspark.resolve("python/lib/pyspark.zip").toString(),
                pyspark.resolve("python/lib/py4j-0.10.9.7-src.zip").toString());
        LaunchRequest request = SparkCommand.inQueue(submission("/jobs/wordcount.py"), "res-1",
                SHAPES, "file:/tmp/logs", thin.withPython(python),
                Path.of("/etc/hadoop"), tmp.resolve("out.log"), tmp);
        assertThat(request.env()).containsEntry("PYSPARK_ARCHIVES_PATH", String.join(",", ready.pysparkArchives()));
        assertThat(request.conf()).containsEntry("spark.pyspark.python", python);
        assertThat(request.argv()).last().isEqualTo("/jobs/wordcount.py");
    }

    @Test
    void aJvmApplicationAsksNoPython() throws IOException {
        String python = python("echo asked > " + tmp.resolve("asked") + "; exit 1");

        assertThat(thin.withPython(python).forApplication("/jobs/etl.jar")).isEqualTo(thin.withPython(python));
        LaunchRequest request = SparkCommand.inQueue(submission("/jobs/etl.jar"), "res-1",
                SHAPES, "file:/tmp/logs", thin.withPython(python),
                Path.of("/etc/hadoop"), tmp.resolve("out.log"), tmp);
        assertThat(request.env()).doesNotContainKey("PYSPARK_ARCHIVES_PATH");
        assertThat(request.conf()).doesNotContainKey("spark.pyspark.python");
        assertThat(tmp.resolve("asked")).doesNotExist();
    }

    @Test
    void anotherSparksPySparkIsRefusedNamingBothVersionsAndWhatToInstall() throws IOException {
        String python = pythonWith(sitePackages("3.4.1", true), "3.4.1");

        assertThatThrownBy(() -> thin.withPython(python).requirePython("etl.py")).isInstanceOf(InvalidRequest.class)
                .hasMessageContaining("cannot run the Python application etl.py")
                .hasMessageContaining(python + " has pyspark 3.4.1")
                .hasMessageContaining("Punctual runs Spark 3.5.6")
                .hasMessageContaining("'" + python + " -m pip install pyspark==3.5.6'");
    }

    @Test
    void aPythonWithoutPySparkIsRefusedWithPythonsOwnError() throws IOException {
        String python = python("echo 'Traceback (most recent call last):' >&2; "
                + "echo \"ModuleNotFoundError: No module named 'pyspark'\" >&2; exit 1");

        assertThatThrownBy(() -> thin.withPython(python).requirePython("etl.py")).isInstanceOf(InvalidRequest.class)
                .hasMessageContaining("pyspark.zip and py4j-<version>-src.zip are missing")
                .hasMessageContaining(python + " has no pyspark: ModuleNotFoundError: No module named 'pyspark'")
                .hasMessageContaining("-m pip install pyspark==3.5.6")
                .hasMessageContaining("punctual.spark.python").hasMessageContaining("punctual.spark.pyspark-archives");
    }

    @Test
    void anInstallationWithoutItsArchivesIsRefusedSayingHowToReinstall() throws IOException {
        String python = pythonWith(sitePackages("3.5.6", false), "3.5.6");

        assertThatThrownBy(() -> thin.withPython(python).requirePython("etl.py")).isInstanceOf(InvalidRequest.class)
                .hasMessageContaining("has no python/lib/pyspark.zip and py4j-<version>-src.zip")
                .hasMessageContaining("--force-reinstall pyspark==3.5.6");
    }

    @Test
    void theSitesArchivesWinAndNoPythonIsAsked() throws IOException {
        String python = python("echo asked > " + tmp.resolve("asked") + "; exit 1");
        List<String> site = List.of("hdfs:///s/pyspark.zip", "hdfs:///s/py4j-0.10.9.7-src.zip");

        assertThat(thin.withPython(python).withPySparkArchives(site).forApplication("etl.py").pysparkArchives())
                .isEqualTo(site);
        assertThat(tmp.resolve("asked")).doesNotExist();
    }

    private Submission submission(String resource) {
        Instant now = Instant.now();
        return new Submission("s-1", SubmitArguments.parse(List.of(resource)), new JobKey("t", "job"), now,
                now.plusSeconds(600), "sla", tmp);
    }
}
