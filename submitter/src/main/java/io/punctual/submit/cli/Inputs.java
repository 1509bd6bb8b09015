package io.punctual.submit.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a file argument, where {@code -} means standard input. */
final class Inputs {

    private Inputs() {
    }

    static String read(String argument, CliContext context) {
        try {
            if (argument.equals("-")) {
                return new String(context.in().readAllBytes(), StandardCharsets.UTF_8);
            }
            Path path = context.resolve(argument);
            if (!Files.isRegularFile(path)) {
                throw new UsageException("cannot read " + path + ": no such file");
            }
            return Files.readString(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + argument + ": " + e.getMessage(), e);
        }
    }
}
