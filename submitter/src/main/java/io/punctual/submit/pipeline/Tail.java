package io.punctual.submit.pipeline;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** The last lines of a log, to quote in an error message. */
final class Tail {

    private Tail() {
    }

    static Optional<String> of(Path file, int lines) {
        try {
            List<String> all = Files.readAllLines(file);
            List<String> meaningful = all.stream().filter(l -> !l.isBlank()).toList();
            if (meaningful.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(String.join("\n", meaningful.subList(Math.max(0, meaningful.size() - lines),
                    meaningful.size())));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
