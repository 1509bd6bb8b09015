package io.punctual.submit.cli;

import io.punctual.submit.home.Install;
import io.punctual.submit.home.PunctualHome;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

/**
 * What a command may use from its surroundings, passed in rather than read from globals so that tests drive
 * commands with their own streams, clock, home and environment.
 *
 * @param cwd the directory the user ran the command in
 */
public record CliContext(
        Map<String, String> env,
        InputStream in,
        PrintStream out,
        PrintStream err,
        Clock clock,
        PunctualHome home,
        Path cwd,
        Install install) {

    /** Resolves a path the user typed against the directory they typed it in. */
    public Path resolve(String userPath) {
        return cwd.resolve(userPath).normalize();
    }
}
