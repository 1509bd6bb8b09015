package io.punctual.submit.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.submit.home.Install;
import io.punctual.submit.home.PunctualHome;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigCheckCommandTest {

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    /** Runs the command as if typed in {@code cwd}. */
    private int run(Path cwd, String... argv) {
        CliContext context = new CliContext(Map.of(), new ByteArrayInputStream(new byte[0]),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                Clock.systemUTC(), new PunctualHome(tmp.resolve("home")), cwd, Install.fromRoot(cwd));
        return new ConfigCheckCommand().run(List.of(argv), context);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theRepositorysExampleIsValidInOneLine() {
        Path root = Path.of(System.getProperty("punctual.install"));
        assertThat(run(root, "check", "conf")).isZero();
        assertThat(out()).isEqualTo("conf: valid: site settings and 2 teams (finance, marketing)\n");
        assertThat(err()).isEmpty();
    }

    @Test
    void everyProblemIsListedWithPathsRelativeToWhatTheUserTyped() throws Exception {
        Path conf = Files.createDirectories(tmp.resolve("conf/teams"));
        Files.writeString(tmp.resolve("conf/site.conf"), "punctual.sizing.confidence = 2\n");
        Files.writeString(conf.resolve("x.conf"), "punctual.team {\n  name = x\n  token = \"x-0123456789abcdef\"\n"
                + "  queue.capacity = 10\n  max-executors = -1\n}\n");

        assertThat(run(tmp, "check", "conf")).isEqualTo(1);
        assertThat(out()).isEmpty();
        assertThat(err()).isEqualTo("""
                conf/site.conf:1: punctual.sizing.confidence: expected a number in (0, 1), got 2
                conf/teams/x.conf:5: punctual.team.max-executors: expected a whole number from 1 to 100000, got -1
                conf: 2 problems; the configuration would not load
                """);
    }

    @Test
    void warningsGoToStandardErrorAndDoNotFailTheCheck() throws Exception {
        Files.createDirectories(tmp.resolve("empty"));
        Files.writeString(tmp.resolve("empty/site.conf"), "");
        assertThat(run(tmp, "check", "empty")).isZero();
        assertThat(out()).isEqualTo("empty: valid: site settings and 0 teams\n");
        assertThat(err()).startsWith("warning: empty/teams: no team files");
    }

    @Test
    void aMissingDirectoryIsAProblemAndAWrongCommandLineIsAUsageError() {
        assertThat(run(tmp, "check", "nope")).isEqualTo(1);
        assertThat(err()).startsWith("nope: no such directory");
        assertThatThrownBy(() -> run(tmp, "check")).isInstanceOf(UsageException.class)
                .hasMessageContaining("one configuration directory");
        assertThatThrownBy(() -> run(tmp, "lint", "conf")).isInstanceOf(UsageException.class)
                .hasMessageContaining("punctual config check <dir>");
        assertThat(run(tmp, "--help")).isZero();
        assertThat(out()).contains("Usage: punctual config check <dir>");
    }
}
