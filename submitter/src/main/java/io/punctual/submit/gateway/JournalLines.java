package io.punctual.submit.gateway;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Writes and reads a file of JSON lines whatever its bytes. Each line is written as its JSON, a tab and the CRC-32C of
 * the JSON: a byte changed inside a record that is still valid JSON (a digit of a deadline, a letter of a state) is
 * found, not read as if the gateway had written it. A line without the checksum (a journal an older gateway wrote) is
 * read as before. Each line that is not UTF-8 text, fails its checksum, is not JSON or not a {@code T} is skipped and
 * reported by line number and cause. A cause never quotes the line, since the report is shown where anyone can read
 * it and a record holds a team's command line and keys.
 */
final class JournalLines {

    /** What a file held: the lines read, and one problem per line skipped. */
    record Read<T>(List<T> items, List<String> problems) {
    }

    /** Damaged lines reported one by one; the rest are counted, so garbage cannot flood the health report. */
    private static final int SHOWN = 20;

    /** JSON never holds a raw tab (a string's is escaped), so the last one on a line starts the checksum. */
    private static final byte SEPARATOR = '\t';
    private static final int CHECKSUM_DIGITS = 8;

    private JournalLines() {
    }

    /** One line of a journal: the value's JSON, its checksum, a newline. */
    static ByteBuffer line(byte[] json) {
        String hex = Long.toHexString(crc(json, 0, json.length));
        byte[] checksum = ("0".repeat(CHECKSUM_DIGITS - hex.length()) + hex).getBytes(StandardCharsets.US_ASCII);
        ByteBuffer buffer = ByteBuffer.allocate(json.length + 1 + checksum.length + 1);
        buffer.put(json).put(SEPARATOR).put(checksum).put((byte) '\n').flip();
        return buffer;
    }

    private static long crc(byte[] bytes, int offset, int length) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, offset, length);
        return crc.getValue();
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

    /**
     * Adds the line's item, or returns why it has none; a blank line is neither. A line whose checksum is there is
     * read only if the checksum matches.
     */
    private static <T> String parse(byte[] bytes, int offset, int length, Class<T> type, ObjectMapper json,
                                    List<T> items) {
        int tab = lastTab(bytes, offset, length);
        if (tab >= 0) {
            String damaged = checksumProblem(bytes, offset, tab - offset, tab + 1, offset + length - tab - 1);
            if (damaged != null) {
                return damaged;
            }
            length = tab - offset;
        }
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
            // Trailing bytes after the JSON are damage (a torn separator, say), not something to ignore.
            ObjectReader reader = json.readerFor(type).with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
            items.add(reader.readValue(line));
            return null;
        } catch (JsonEOFException e) {
            return "cut short after " + line.length() + " characters";
        } catch (JsonParseException e) {
            return "not valid JSON at column " + column(e.getLocation());
        } catch (IOException | RuntimeException e) {
            return "JSON that is not a " + type.getSimpleName() + " (" + e.getClass().getSimpleName() + ")";
        }
    }

    private static int lastTab(byte[] bytes, int offset, int length) {
        for (int i = offset + length - 1; i >= offset; i--) {
            if (bytes[i] == SEPARATOR) {
                return i;
            }
        }
        return -1;
    }

    /** Why the JSON does not match its checksum, or null when it does. */
    private static String checksumProblem(byte[] bytes, int jsonOffset, int jsonLength, int sumOffset, int sumLength) {
        String written = new String(bytes, sumOffset, sumLength, StandardCharsets.ISO_8859_1).strip();
        if (written.length() != CHECKSUM_DIGITS || !written.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
            return "its checksum is not " + CHECKSUM_DIGITS + " hex digits";
        }
        if (Long.parseLong(written, 16) != crc(bytes, jsonOffset, jsonLength)) {
            return "its checksum does not match: the record changed after it was written";
        }
        return null;
    }

    private static String column(JsonLocation location) {
        return location == null ? "?" : Integer.toString(location.getColumnNr());
    }
}
