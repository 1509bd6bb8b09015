package io.punctual.submit.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a file argument, where {@code -} means standard input. */
final class Inputs {

    private Inputs() {
    }

    /** @param what what the file should be, for the message when it is not text, e.g. "a text RDL file" */
    static String read(String argument, CliContext context, String what) {
        try {
            byte[] bytes;
            if (argument.equals("-")) {
                bytes = context.in().readAllBytes();
            } else {
                Path path = context.resolve(argument);
                if (!Files.isRegularFile(path)) {
                    throw new UsageException("cannot read " + path + ": no such file");
                }
                bytes = Files.readAllBytes(path);
            }
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new UsageException(argument + " is not " + what + ": it is not UTF-8 text (a binary file?)");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + argument + ": " + e.getMessage(), e);
        }
    }
}
