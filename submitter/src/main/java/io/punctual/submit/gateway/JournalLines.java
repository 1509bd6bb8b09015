package io.punctual.submit.gateway;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a file of JSON lines whatever its bytes: each line that is not UTF-8 text, not JSON or not a {@code T} is
 * skipped and reported by line number and cause. A cause never quotes the line, since the report is shown where
 * anyone can read it and a record holds a team's command line and keys.
 */
final class JournalLines {

    /** What a file held: the lines read, and one problem per line skipped. */
    record Read<T>(List<T> items, List<String> problems) {
    }

    /** Damaged lines reported one by one; the rest are counted, so garbage cannot flood the health report. */
    private static final int SHOWN = 20;

    private JournalLines() {
    }

    static <T> Read<T> read(Path file, Class<T> type, ObjectMapper json) throws IOException {
        List<T> items = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        if (!Files.exists(file)) {
            return new Read<>(items, problems);
        }
        byte[] bytes = Files.readAllBytes(file);
        int start = 0;
        int damaged = 0;
        for (int lineNo = 1; start < bytes.length; lineNo++) {
            int end = start;
            while (end < bytes.length && bytes[end] != '\n') {
                end++;
            }
            String cause = parse(bytes, start, end - start, type, json, items);
            if (cause != null) {
                damaged++;
                if (damaged <= SHOWN) {
                    problems.add(file.getFileName() + " line " + lineNo + ": skipped a damaged record (" + cause
                            + ")");
                }
            }
            start = end + 1;
        }
        if (damaged > SHOWN) {
            problems.add(file.getFileName() + ": " + (damaged - SHOWN) + " more damaged lines skipped");
        }
        return new Read<>(items, problems);
    }

    /** Adds the line's item, or returns why it has none; a blank line is neither. */
    private static <T> String parse(byte[] bytes, int offset, int length, Class<T> type, ObjectMapper json,
                                    List<T> items) {
        String line;
        try {
            line = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, offset, length))
                    .toString();
        } catch (CharacterCodingException e) {
            return "not UTF-8 text";
        }
        if (line.isBlank()) {
            return null;
        }
        try {
            items.add(json.readValue(line, type));
            return null;
        } catch (JsonEOFException e) {
            return "cut short after " + line.length() + " characters";
        } catch (JsonParseException e) {
            return "not valid JSON at column " + column(e.getLocation());
        } catch (IOException | RuntimeException e) {
            return "JSON that is not a " + type.getSimpleName() + " (" + e.getClass().getSimpleName() + ")";
        }
    }

    private static String column(JsonLocation location) {
        return location == null ? "?" : Integer.toString(location.getColumnNr());
    }
}
