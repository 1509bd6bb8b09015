package io.punctual.submit;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.submit.cli.CliContext;
import io.punctual.submit.home.Install;
import io.punctual.submit.home.PunctualHome;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad command lines end with one line that says what is wrong, exit status 2, and nothing started; a refusal exits 3
 * and a command that could not do its work 1, so a script can tell them apart.
 */
class MainTest {

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(Map<String, String> given, String... argv) {
        // The embedded default configuration, so that these tests reach the checks after it.
        Map<String, String> env = new java.util.HashMap<>(given);
        env.putIfAbsent("PUNCTUAL_CONF_DIR", Install.fromSystemProperty().orElseThrow().root()
                .resolve("conf/embedded").toString());
        var context = new CliContext(env, new java.io.ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Clock.systemUTC(), new PunctualHome(tmp.resolve("home")),
                tmp, Install.fromRoot(tmp));
        return Main.run(List.of(argv), context);
    }

    private String error() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private Path jar() throws IOException {
        return Files.writeString(tmp.resolve("app.jar"), "not really a jar");
    }

    @Test
    void versionNamesTheBuildWithoutAConfigurationOrCluster() {
        assertThat(run(Map.of("PUNCTUAL_CONF_DIR", tmp.resolve("absent").toString()), "--version")).isEqualTo(0);
        assertThat(out.toString(StandardCharsets.UTF_8))
                .matches("Punctual \\d+\\.\\d+\\.\\d+(-SNAPSHOT)? for Spark 3\\.5\\.\\d+ on Hadoop YARN 3\\.\\d+\\.\\d+\\R");
    }

    @Test
    void aReleaseRootIsReadAsARelease() throws IOException {
        Files.createDirectories(tmp.resolve("lib/spark"));
        Files.writeString(tmp.resolve(Install.RELEASE_SPARK_CLASSPATH), "a.jar");

        Install install = Install.fromRoot(tmp);

        assertThat(install.sparkClasspathFile()).isEqualTo(tmp.resolve("lib/spark/spark-runtime.classpath"));
        assertThat(install.workloadsJar()).isEqualTo(tmp.resolve("lib/punctual-workloads.jar"));
        assertThat(Install.fromRoot(tmp.resolve("checkout")).workloadsJar())
                .isEqualTo(tmp.resolve("checkout/workloads/target/punctual-workloads.jar"));
    }

    @Test
    void anUnknownCommandPointsToHelp() {
        assertThat(run(Map.of(), "sumbit")).isEqualTo(2);
        assertThat(error()).contains("unknown command 'sumbit'").contains("punctual help");
    }

    @Test
    void aMissingDeadlineIsAskedFor() throws IOException {
        assertThat(run(Map.of(), "submit", "--class", "X", jar().toString())).isEqualTo(2);
        assertThat(error()).contains("--deadline is required");
    }

    @Test
    void aDeadlineInThePastIsRefused() throws IOException {
        assertThat(run(Map.of(), "submit", "--deadline", "2020-01-01T00:00:00Z", jar().toString())).isEqualTo(2);
        assertThat(error()).contains("not in the future");
    }

    @Test
    void aMissingJarIsNamedWithWhereItWasLookedFor() {
        assertThat(run(Map.of(), "submit", "--deadline", "10m", "missing.jar")).isEqualTo(2);
        assertThat(error()).contains("missing.jar").contains("does not exist").contains(tmp.toString());
    }

    @Test
    void aMalformedSparkSubmitFlagIsRefused() throws IOException {
        assertThat(run(Map.of(), "submit", "--deadline", "10m", "--num-executor", "3", jar().toString())).isEqualTo(2);
        assertThat(error()).contains("unknown option --num-executor");
        assertThat(error().lines().count()).isEqualTo(1);
    }

    @Test
    void optionsThatCannotWorkOnYarnAreRefused() throws IOException {
        assertThat(run(Map.of(), "submit", "--deadline", "10m", "--master", "local[2]", jar().toString())).isEqualTo(2);
        assertThat(error()).contains("--master local[2] is not YARN");
    }

    @Test
    void aPythonApplicationWithoutPySparkIsRefusedBeforeAClusterIsOpened() throws IOException {
        // Punctual's own thin runtime (no SPARK_HOME), which has no Python libraries; no HADOOP_CONF_DIR either, so
        // any step past the check would end with "no cluster to submit to" instead.
        Path jar = Files.writeString(tmp.resolve("spark-core_2.13-3.5.6.jar"), "");
        Files.writeString(Files.createDirectories(tmp.resolve("workloads/target")).resolve("spark-runtime.classpath"),
                jar.toString());
        Path script = Files.writeString(tmp.resolve("etl.py"), "print('hi')\n");

        String python = tmp.resolve("no-such-python").toString();

        assertThat(run(Map.of("PYSPARK_PYTHON", python), "submit", "--deadline", "10m", script.toString()))
                .isEqualTo(2);

        assertThat(error()).contains("cannot run the Python application etl.py")
                .contains("pyspark.zip and py4j-<version>-src.zip are missing")
                .contains(python + " has no pyspark: it cannot be run")
                .contains("'" + python + " -m pip install pyspark==3.5.6'")
                .contains("set SPARK_HOME to a Spark 3.5.6 distribution").contains("punctual.spark.pyspark-archives")
                .doesNotContain("HADOOP_CONF_DIR");
        assertThat(error().lines().count()).isEqualTo(1);
    }

    @Test
    void withoutAClusterTheUserIsToldHowToNameOne() throws IOException {
        assertThat(run(Map.of(), "submit", "--deadline", "10m", jar().toString())).isEqualTo(2);
        assertThat(error()).contains("HADOOP_CONF_DIR").contains("--embedded");
    }

    @Test
    void anUnreachableResourceManagerIsReportedQuicklyInOneLine() throws IOException {
        int closedPort = closedPort();
        Path conf = hadoopConf(closedPort, """
                  <property><name>yarn.resourcemanager.connect.max-wait.ms</name><value>2000</value></property>
                  <property><name>yarn.resourcemanager.connect.retry-interval.ms</name><value>500</value></property>
                  <property><name>ipc.client.connect.max.retries</name><value>0</value></property>
                """);

        int status = run(Map.of("HADOOP_CONF_DIR", conf.toString()), "submit", "--deadline", "10m", jar().toString());

        assertThat(status).isEqualTo(1);
        assertThat(error()).contains("cannot reach the YARN ResourceManager at 127.0.0.1:" + closedPort)
                .contains("check that it is running");
        assertThat(error().lines().count()).isEqualTo(1);
    }

    @Test
    void noCommandShowsTheHelpAsAMisuse() {
        assertThat(run(Map.of())).isEqualTo(2);
        assertThat(run(Map.of(), "submit")).isEqualTo(2);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("Usage: punctual submit");
    }

    @Test
    void aSizingThatCannotMeetItsDeadlineIsARefusalNotAFailure() {
        // Five executors of the team's default shape cannot fit in four vcores: no sizing meets the deadline.
        int status = run(Map.of(), "explain", "analytics/etl", "--deadline", "30m", "--executors", "5",
                "--capacity", "4,4096");

        assertThat(status).as(out + error()).isEqualTo(3);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("cannot be met");
    }

    @Test
    void aSubmissionAdmissionRefusesExitsThree() throws IOException {
        // Fifty executors where the analytics team may hold four: refused before anything is reserved or launched.
        Path classpath = Files.createDirectories(tmp.resolve("workloads/target")).resolve("spark-runtime.classpath");
        Files.copy(Install.fromSystemProperty().orElseThrow().root().resolve("workloads/target")
                .resolve(classpath.getFileName()), classpath);
        int status = run(Map.of(), "submit", "--embedded", "--deadline", "10m", "--num-executors", "50",
                "--class", "X", jar().toString());

        assertThat(status).as(error()).isEqualTo(3);
        assertThat(error()).contains("punctual: rejected: ");
        assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("Submitting application");
    }

    /**
     * A site's yarn-site.xml names the ResourceManager and nothing of Hadoop's retries, whose defaults wait minutes:
     * the command must still say within half a minute what it could not reach and what to check.
     */
    @Test
    void anUnreachableResourceManagerWithHadoopsDefaultRetriesIsReportedWithinHalfAMinute() throws IOException {
        int closedPort = closedPort();
        Path conf = hadoopConf(closedPort, "");

        long began = System.nanoTime();
        int status = run(Map.of("HADOOP_CONF_DIR", conf.toString()), "submit", "--deadline", "10m", jar().toString());
        double seconds = (System.nanoTime() - began) / 1e9;

        System.out.printf("submit reported an unreachable ResourceManager after %.1f s%n", seconds);
        assertThat(status).isEqualTo(1);
        assertThat(error()).contains("cannot reach the YARN ResourceManager at 127.0.0.1:" + closedPort)
                .contains("check that it is running");
        assertThat(seconds).as("a generous bound on the half minute").isLessThan(60);
    }

    /** A ResourceManager whose port takes connections but never answers (hung, or behind a stuck proxy). */
    @Test
    void aResourceManagerThatTakesTheConnectionButNeverAnswersIsReportedWithinHalfAMinute() throws Exception {
        try (ServerSocket hung = new ServerSocket(0)) {
            Path conf = hadoopConf(hung.getLocalPort(), "");
            Path app = jar();

            long began = System.nanoTime();
            var submit = java.util.concurrent.CompletableFuture.supplyAsync(() -> run(Map.of("HADOOP_CONF_DIR",
                    conf.toString()), "submit", "--deadline", "10m", app.toString()));
            int status = submit.get(90, java.util.concurrent.TimeUnit.SECONDS);
            double seconds = (System.nanoTime() - began) / 1e9;

            System.out.printf("submit reported a hung ResourceManager after %.1f s%n", seconds);
            assertThat(status).as(error()).isEqualTo(1);
            assertThat(error()).contains("127.0.0.1:" + hung.getLocalPort()).contains("check that it is running");
            assertThat(seconds).as("a generous bound on the half minute").isLessThan(60);

            // explain sizes offline: it asks the ResourceManager nothing, so it answers at once all the same.
            long explainBegan = System.nanoTime();
            assertThat(run(Map.of("HADOOP_CONF_DIR", conf.toString()), "explain", "analytics/etl", "--deadline",
                    "30m")).as(error()).isZero();
            assertThat((System.nanoTime() - explainBegan) / 1e9).isLessThan(30);
        }
    }

    @Test
    void doctorSaysWhatIsMissingWithTheFixAndExitsOneWhenTheResourceManagerIsNotThere() throws IOException {
        int closedPort = closedPort();
        Path conf = hadoopConf(closedPort, "  <property><name>yarn.resourcemanager.webapp.address</name><value>"
                + "127.0.0.1:" + closedPort + "</value></property>\n");

        int status = run(Map.of("HADOOP_CONF_DIR", conf.toString()), "doctor");

        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(status).as(error()).isEqualTo(1);
        assertThat(printed).contains("MISSING  the ResourceManager answers: no answer at 127.0.0.1:" + closedPort)
                .contains("fix: start it").contains("unknown  the ReservationSystem is on")
                .contains("ok       Punctual's directories are writable")
                .contains("punctual doctor: 2 prerequisites missing; see docs/prerequisites.md");
    }

    /** A port nothing listens on: taken and let go at once. */
    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** A HADOOP_CONF_DIR whose yarn-site.xml names a ResourceManager on this host's {@code port}, plus {@code more}. */
    private Path hadoopConf(int port, String more) throws IOException {
        Path conf = Files.createDirectories(tmp.resolve("hadoop-conf"));
        Files.writeString(conf.resolve("yarn-site.xml"), "<configuration>\n  <property><name>"
                + "yarn.resourcemanager.address</name><value>127.0.0.1:" + port + "</value></property>\n" + more
                + "</configuration>\n");
        return conf;
    }

    @Test
    void helpListsTheCommands() {
        assertThat(run(Map.of(), "help")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("submit").contains("demo");
    }
}
