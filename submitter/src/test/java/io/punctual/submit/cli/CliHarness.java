package io.punctual.submit.cli;

import io.punctual.submit.home.Install;
import io.punctual.submit.Main;
import io.punctual.submit.home.PunctualHome;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/** Runs {@code punctual} command lines in-process, capturing what they print. */
final class CliHarness {

    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final Path dir;
    private final Map<String, String> env;

    CliHarness(Path dir, Map<String, String> env) {
        this.dir = dir;
        this.env = env;
    }

    int run(String... argv) {
        out.reset();
        err.reset();
        var context = new CliContext(env, new java.io.ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Clock.systemUTC(), new PunctualHome(dir.resolve("home")),
                dir, Install.fromSystemProperty().orElse(Install.fromRoot(dir)));
        return Main.run(List.of(argv), context);
    }

    String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
