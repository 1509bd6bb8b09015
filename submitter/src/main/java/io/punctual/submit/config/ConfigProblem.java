package io.punctual.submit.config;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * One thing wrong (or worth a warning) in a configuration directory, located the way an editor wants it:
 * {@code conf/teams/finance.conf:7: punctual.team.confidence: expected a number in (0, 1), got 1.5}.
 *
 * @param file    the file as the user named it (relative to where they pointed Punctual), or a classpath resource
 * @param line    1-based line of the offending value, when the value exists
 * @param path    the HOCON path, quoted where a key holds dots; empty for problems about a whole file
 * @param message what is wrong and what was expected
 */
public record ConfigProblem(String file, OptionalInt line, String path, String message) {

    public ConfigProblem {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(line, "line");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(message, "message");
    }

    static ConfigProblem at(String file, int line, String path, String message) {
        return new ConfigProblem(file, line > 0 ? OptionalInt.of(line) : OptionalInt.empty(), path, message);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(file);
        line.ifPresent(n -> text.append(':').append(n));
        text.append(": ");
        if (!path.isEmpty()) {
            text.append(path).append(": ");
        }
        return text.append(message).toString();
    }
}
