package io.punctual.submit.gateway;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;

/**
 * A batch's log as {@code GET /batches/{id}/log} serves it: Punctual's own steps, then spark-submit's output under
 * {@code stdout:}, then the application's YARN diagnostics under {@code YARN Diagnostics:}, the sections Livy's batch
 * log has. Paged with Livy's rules: {@code size} defaults to 100 and a negative one means every line; a missing or
 * negative {@code from} means the last {@code size} lines. spark-submit ran on the gateway's host, so its lines are
 * shown without that host's paths ({@link CallerText#submitLine}).
 */
final class LivyLog {

    /** spark-submit's output is read from its end: a chatty job cannot make one request read megabytes. */
    static final int SUBMIT_LINES = 2000;
    static final int DEFAULT_SIZE = 100;

    private LivyLog() {
    }

    /** One page of lines and where it starts. */
    record Page(int from, int total, List<String> lines) {
    }

    static List<String> lines(BatchRecord batch, Path submitOutput) {
        List<String> lines = new ArrayList<>(batch.log());
        List<String> submit = tail(submitOutput, SUBMIT_LINES);
        if (!submit.isEmpty()) {
            lines.add("stdout: ");
            submit.stream().map(CallerText::submitLine).flatMap(java.util.Optional::stream).forEach(lines::add);
        }
        if (batch.appId() != null && batch.isFinal() && batch.state() != BatchState.SUCCESS && batch.reason() != null) {
            lines.add("\nYARN Diagnostics: ");
            lines.addAll(Arrays.asList(batch.reason().split("\n")));
        }
        return lines;
    }

    static Page page(List<String> lines, Integer from, Integer size) {
        int n = size == null ? DEFAULT_SIZE : size < 0 ? lines.size() : size;
        int start = from == null || from < 0 ? Math.max(0, lines.size() - n) : from;
        // A start past the end is echoed back with no lines, as Livy does.
        int first = Math.min(start, lines.size());
        int end = (int) Math.min(lines.size(), (long) first + n);
        return new Page(start, lines.size(), List.copyOf(lines.subList(first, end)));
    }

    /** The last lines of a text file, read leniently (a child's output may hold any bytes); none if it is absent. */
    static List<String> tail(Path file, int limit) {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        Deque<String> kept = new ArrayDeque<>(limit);
        try (var reader = new java.io.BufferedReader(new java.io.InputStreamReader(Files.newInputStream(file),
                decoder))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (kept.size() == limit) {
                    kept.removeFirst();
                }
                kept.addLast(line);
            }
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("could not read spark-submit's output " + file.getFileName(), e);
        }
        return List.copyOf(kept);
    }
}
