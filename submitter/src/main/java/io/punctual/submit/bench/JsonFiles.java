package io.punctual.submit.bench;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The bench's JSON files, written whole under a temporary name and moved into place, so that a run stopped at any
 * moment leaves the last complete version for {@code --resume} and the report.
 */
public final class JsonFiles {

    public static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private JsonFiles() {
    }

    public static void write(Path file, Object value) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path temporary = file.resolveSibling("." + file.getFileName() + ".tmp");
            JSON.writeValue(temporary.toFile(), value);
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    public static <T> T read(Path file, TypeReference<T> type) {
        try {
            return JSON.readValue(file.toFile(), type);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " (" + e.getMessage() + "); move it aside to start"
                    + " afresh", e);
        }
    }
}
