package io.punctual.submit.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.submit.home.Install;
import io.punctual.submit.home.PunctualHome;
import io.punctual.submit.assembly.Assembly;
import io.punctual.submit.pipeline.Decision;
import io.punctual.submit.request.InvalidRequest;
import io.punctual.submit.request.SubmitArguments;
import io.punctual.yarn.memory.InMemoryClusterGateway;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Executor settings in a properties file reach sizing as they reach spark-submit: {@code --properties-file}, else
 * {@code spark-defaults.conf} of {@code $SPARK_CONF_DIR} (else {@code $SPARK_HOME/conf}), under {@code --conf} and
 * the dedicated options, over the team's configuration.
 */
class PropertiesFileSizingTest {

    private static final Install INSTALL = Install.fromSystemProperty().orElseThrow();

    @TempDir
    Path tmp;

    @Test
    void aPropertiesFilesExecutorShapeSizesTheJob() throws Exception {
        Path file = Files.writeString(tmp.resolve("job.properties"),
                "spark.executor.memory 6g\nspark.executor.cores=3\n");

        Decision decision = decide(Map.of(), "--properties-file", file.toString());

        // The same containers as the same settings given with --conf; the team's own are 1g and 1 core.
        assertThat(decision.one()).isEqualTo(decide(Map.of(), "--conf", "spark.executor.memory=6g",
                "--conf", "spark.executor.cores=3").one());
        assertThat(decision.one().executor().vcores()).isEqualTo(3);
        assertThat(decision.one().executor().memoryMb()).isGreaterThan(6144);
    }

    @Test
    void conflagsAndDedicatedOptionsWinOverTheFileAndTheFilesCountIsTheUsersOwn() throws Exception {
        Path file = Files.writeString(tmp.resolve("job.properties"),
                "spark.executor.memory=6g\nspark.executor.cores=3\nspark.executor.instances=7\n");

        Decision decision = decide(Map.of(), "--properties-file", file.toString(),
                "--conf", "spark.executor.cores=4", "--executor-memory", "3g");

        assertThat(decision.one()).isEqualTo(decide(Map.of(), "--conf", "spark.executor.memory=3g",
                "--conf", "spark.executor.cores=4").one());
        assertThat(decision.one().executor().vcores()).isEqualTo(4);
        assertThat(prepared(Map.of(), "--properties-file", file.toString()).submission().executors()).contains(7);
    }

    @Test
    void sparkDefaultsOfSparkConfDirApplyOnlyWithoutAPropertiesFile() throws Exception {
        Path confDir = Files.createDirectories(tmp.resolve("spark-conf"));
        Files.writeString(confDir.resolve("spark-defaults.conf"), "spark.executor.cores  3\n");
        Path file = Files.writeString(tmp.resolve("job.properties"), "spark.executor.memory=4g\n");
        Map<String, String> env = Map.of("SPARK_CONF_DIR", confDir.toString());

        assertThat(decide(env).one().executor().vcores()).isEqualTo(3);
        Decision withFile = decide(env, "--properties-file", file.toString());
        assertThat(withFile.one().executor().vcores()).as("the team's 1 core: spark-defaults.conf is not read")
                .isEqualTo(1);
        assertThat(withFile.one()).isEqualTo(decide(Map.of(), "--conf", "spark.executor.memory=4g").one());
    }

    @Test
    void sparkHomesConfIsTheFallback() throws Exception {
        Path home = Files.createDirectories(tmp.resolve("spark-home/conf"));
        Files.writeString(home.resolve("spark-defaults.conf"), "spark.executor.cores 2\n");

        assertThat(decide(Map.of("SPARK_HOME", home.getParent().toString())).one().executor().vcores()).isEqualTo(2);
    }

    @Test
    void aPropertiesFileThatCannotBeReadIsNamed() {
        Path missing = tmp.resolve("nowhere.properties");

        assertThatThrownBy(() -> prepared(Map.of(), "--properties-file", missing.toString()))
                .isInstanceOf(InvalidRequest.class).hasMessageContaining(missing.toString())
                .hasMessageContaining("--properties-file");
    }

    @Test
    void explainSizesFromTheSameFileAsSubmit() throws Exception {
        Path confDir = Files.createDirectories(tmp.resolve("spark-conf"));
        Files.writeString(confDir.resolve("spark-defaults.conf"), "spark.executor.instances=3\n");
        Path file = Files.writeString(tmp.resolve("job.properties"), "spark.executor.instances=2\n");
        Map<String, String> env = Map.of("SPARK_CONF_DIR", confDir.toString());

        assertThat(explained(env)).isEqualTo(3).isEqualTo(decide(env).sizing() instanceof
                io.punctual.sizing.sizer.SizingDecision.Sized sized ? sized.executors() : -1);
        assertThat(explained(env, "--properties-file", file.toString())).isEqualTo(2);
    }

    private int explained(Map<String, String> env, String... more) throws Exception {
        Map<String, String> withConf = new java.util.HashMap<>(env);
        withConf.put("PUNCTUAL_CONF_DIR", INSTALL.root().resolve("conf/embedded").toString());
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        CliContext context = new CliContext(withConf, new java.io.ByteArrayInputStream(new byte[0]),
                new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8), System.err,
                Clock.systemUTC(), new PunctualHome(tmp.resolve("home")), tmp, INSTALL);
        List<String> argv = new ArrayList<>(List.of("analytics/nightly", "--deadline", "20m", "--json"));
        argv.addAll(List.of(more));
        int status = new ExplainCommand().run(argv, context);
        String printed = out.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(status).as(printed).isEqualTo(ExitStatus.OK);
        return new com.fasterxml.jackson.databind.ObjectMapper().readTree(printed).get("executors").asInt();
    }

    @Test
    void submitWithAnUnreadablePropertiesFileExitsAsAWrongCommandLineBeforeAnyClusterOpens() throws Exception {
        Path jar = Files.writeString(tmp.resolve("nightly.jar"), "stands for the application");
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        CliContext context = new CliContext(Map.of(), new java.io.ByteArrayInputStream(new byte[0]), System.out,
                new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8), Clock.systemUTC(),
                new PunctualHome(tmp.resolve("home")), tmp, INSTALL);

        int status = io.punctual.submit.Main.run(List.of("submit", "--properties-file", "absent.properties",
                "--deadline", "20m", jar.toString()), context);

        assertThat(status).isEqualTo(ExitStatus.USAGE);
        assertThat(err.toString(java.nio.charset.StandardCharsets.UTF_8))
                .contains(tmp.resolve("absent.properties").toString()).contains("does not exist");
    }

    private Decision decide(Map<String, String> env, String... options) throws Exception {
        SubmissionRunner.Prepared prepared = prepared(env, options);
        return prepared.pipeline().decide(prepared.submission());
    }

    private SubmissionRunner.Prepared prepared(Map<String, String> env, String... options) throws Exception {
        Path jar = tmp.resolve("nightly.jar");
        if (!Files.exists(jar)) {
            Files.writeString(jar, "stands for the application");
        }
        Instant deadline = Instant.now().plus(Duration.ofMinutes(20));
        Map<String, String> withConf = new java.util.HashMap<>(env);
        withConf.put("PUNCTUAL_CONF_DIR", INSTALL.root().resolve("conf/embedded").toString());
        CliContext context = new CliContext(withConf, new java.io.ByteArrayInputStream(new byte[0]), System.out,
                System.err, Clock.systemUTC(), new PunctualHome(tmp.resolve("home")), tmp, INSTALL);
        Assembly assembly = ConfDirs.assembly(Optional.empty(), context, true);
        List<String> argv = new ArrayList<>(List.of("--team", "analytics", "--job-key", "nightly",
                "--class", "com.example.Nightly", "--deadline", deadline.toString()));
        argv.addAll(List.of(options));
        argv.add(jar.toString());
        return SubmissionRunner.prepare(InMemoryClusterGateway.embedded(Clock.systemUTC()), tmp, true, context,
                assembly, SubmissionRunner.withPropertiesFile(SubmitArguments.parse(argv), context), deadline,
                event -> { });
    }
}
