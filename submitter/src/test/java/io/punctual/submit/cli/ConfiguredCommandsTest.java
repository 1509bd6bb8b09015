package io.punctual.submit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code submit} and {@code explain} read the same configuration directory as {@code serve}, or stop before sizing. */
class ConfiguredCommandsTest {

    @TempDir
    Path tmp;

    private Path confDir(String site) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("conf"));
        Files.writeString(dir.resolve("site.conf"), site);
        return dir;
    }

    @Test
    void aDirectoryThatDoesNotLoadStopsSubmitAndExplainWithFileLineAndKey() throws Exception {
        Path dir = confDir("punctual {\n  sizing {\n    kl-radus = 0.5\n  }\n}\n");
        Path jar = Files.writeString(tmp.resolve("app.jar"), "not really a jar");
        var cli = new CliHarness(tmp, Map.of());

        assertThat(cli.run("submit", "--conf-dir", dir.toString(), "--deadline", "10m", jar.toString())).isEqualTo(2);
        assertThat(cli.err()).contains("site.conf:3").contains("kl-radus").contains("kl-radius")
                .contains("nothing was sized or submitted");

        assertThat(cli.run("explain", "t/j", "--deadline", "30m", "--conf-dir", dir.toString())).isEqualTo(2);
        assertThat(cli.err()).contains("site.conf:3").contains("kl-radus");
        assertThat(cli.out()).doesNotContain("decision");
    }

    @Test
    void aMisspeltDeadlineKeyStopsSubmitInsteadOfRunningBestEffort() throws Exception {
        Path jar = Files.writeString(tmp.resolve("app.jar"), "not really a jar");
        var cli = new CliHarness(tmp, Map.of());

        assertThat(cli.run("submit", "--conf", "spark.deadline.By=10m", "--deadline", "10m", jar.toString()))
                .isEqualTo(2);
        assertThat(cli.err()).contains("spark.deadline.By").contains("did you mean 'spark.deadline.by'");
    }

    @Test
    void optionsSparkSubmitIgnoresOnYarnAreWarnedAboutNotRefused() throws Exception {
        var cli = new CliHarness(tmp, Map.of());

        int status = cli.run("submit", "--supervise", "--total-executor-cores", "8", "--conf", "livy.x=1",
                "--deadline", "10m", tmp.resolve("missing.jar").toString());

        assertThat(status).isEqualTo(2);
        assertThat(cli.err()).contains("Warning: ignoring --supervise").contains("ignoring --total-executor-cores")
                .contains("ignoring non-Spark config property: livy.x").contains("missing.jar does not exist")
                .doesNotContain("not supported on YARN");
    }

    @Test
    void explainSizesWithTheConfiguredCapAndConfidenceFromTheEnvironmentsDirectory() throws Exception {
        Path dir = confDir("punctual {\n  sizing.confidence = 0.75\n  job { max-executors = 2\n"
                + "    executor { memory = 1g, cores = 1 } }\n}\n");
        var cli = new CliHarness(tmp, Map.of("PUNCTUAL_CONF_DIR", dir.toString()));

        assertThat(cli.run("explain", "t/j", "--deadline", "30m", "--executors", "3", "--json")).isEqualTo(3);
        var refused = new ObjectMapper().readTree(cli.out());
        assertThat(refused.get("verdict").asText()).isEqualTo("unmeetable");
        assertThat(refused.get("reason").asText()).contains("cap of 2");

        assertThat(cli.run("explain", "t/j", "--deadline", "30m", "--json")).isZero();
        var sized = new ObjectMapper().readTree(cli.out());
        assertThat(sized.get("confidence").asDouble()).isEqualTo(0.75);
        assertThat(sized.get("executors").asInt()).isBetween(1, 2);
    }
}
