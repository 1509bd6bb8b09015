package io.punctual.history.eventlog;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.punctual.history.run.ReadOutcome;
import io.punctual.history.run.SourceInfo;

import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * A streaming, tolerant reader of Spark event logs. It looks at each line's event name in the raw bytes and
 * decodes only the dozen events the model needs (task ends, stages, jobs, executors, application start/end,
 * environment), skipping the rest unparsed; unknown events are counted, corrupt lines counted and reported, a cut
 * last line tolerated, and lossy logs flagged ({@link LossCheck}). Memory stays proportional to the number of
 * tasks (an int each), never to the log's size.
 */
public final class EventLogParser {

    /** Lines longer than this (giant SQL plans) are skipped after their event name is read. */
    public static final int DEFAULT_MAX_LINE_BYTES = 8 << 20;
    private static final int INITIAL_LINE_BUFFER = 1 << 16;

    private final JsonFactory json;
    private final int maxLineBytes;

    public EventLogParser() {
        this(DEFAULT_MAX_LINE_BYTES);
    }

    public EventLogParser(int maxLineBytes) {
        if (maxLineBytes < 4096) {
            throw new IllegalArgumentException("the line limit must be at least 4096 bytes, got " + maxLineBytes);
        }
        this.json = JsonFactory.builder().build();
        this.maxLineBytes = maxLineBytes;
    }

    /** Reads one whole, already decompressed log. */
    public ReadOutcome parse(InputStream decompressed, SourceInfo source, String fallbackAppId) throws IOException {
        Reading reading = begin(source, fallbackAppId);
        reading.read(decompressed);
        return reading.finish();
    }

    /** Starts reading a log that comes in parts (a rolling event-log directory), in order. */
    public Reading begin(SourceInfo source, String fallbackAppId) {
        return new Reading(Objects.requireNonNull(source, "source"), Objects.requireNonNull(fallbackAppId, "fallbackAppId"));
    }

    /** One log being read, part by part. Not thread-safe; one per log. */
    public final class Reading {
        private SourceInfo source;
        private final String fallbackAppId;
        private final RunAssembler run = new RunAssembler();
        private final EventDecoder decoder = new EventDecoder(json, run);
        private final TaskEndSkimmer skimmer = new TaskEndSkimmer();
        private final TaskEndEvent taskEnd = new TaskEndEvent();
        private final int[] stageAttempt = new int[2];

        private Reading(SourceInfo source, String fallbackAppId) {
            this.source = source;
            this.fallbackAppId = fallbackAppId;
        }

        /** Reads every line of one decompressed part. */
        public void read(InputStream decompressed) throws IOException {
            LineReader lines = new LineReader(decompressed, Math.min(INITIAL_LINE_BUFFER, maxLineBytes), maxLineBytes);
            while (lines.next()) {
                run.truncatedTail = false; // only the very last line of the last part can be cut off
                if (!isBlank(lines)) {
                    run.lines++;
                    line(lines);
                }
            }
        }

        /**
         * Records that the rest of the current part could not be decompressed (a compressed log cut mid-block),
         * which for a log still being written is expected: what was read so far stands.
         */
        public void partEndedEarly(String why) {
            run.truncatedTail = true;
            run.notes.add("compressed data ends early (" + why + ")");
        }

        /** Records that a part of the log is missing (a gap in a rolling log's file indices). */
        public void missingPart(String what) {
            run.missingParts.add(what);
        }

        /** Adds a remark about the log, shown with the run (for example, a rolling log without its status file). */
        public void note(String remark) {
            run.notes.add(remark);
        }

        /** Marks the log as compacted by Spark (rolling logs with a {@code .compact} file). */
        public void markCompacted() {
            run.compacted = true;
        }

        /** Replaces the source description once the whole log is read (its size and fingerprint are known then). */
        public void source(SourceInfo finalSource) {
            this.source = Objects.requireNonNull(finalSource, "finalSource");
        }

        public ReadOutcome finish() {
            return RunFinisher.finish(run, source, fallbackAppId);
        }

        private void line(LineReader lines) {
            byte[] bytes = lines.bytes();
            int start = lines.start();
            int length = lines.length();
            String name = EventName.peek(bytes, start, length);
            if (name == null && !lines.cut()) {
                name = eventNameByParsing(bytes, start, length);
            }
            if (name == null) {
                malformed(lines);
                return;
            }
            EventName event = EventName.of(name);
            if (event == EventName.SKIPPED_SPARK) {
                if (!lines.terminated() && bytes[start + length - 1] != '}') {
                    run.truncatedTail = true;
                }
                return;
            }
            if (event == EventName.UNKNOWN) {
                run.unknownEvents++;
                if (run.unknownEvents == 1) {
                    run.notes.add("unknown events skipped, the first: " + name);
                }
                return;
            }
            if (lines.cut()) {
                run.notes.add("line " + lines.lineNumber() + ": a " + name + " event longer than "
                        + (maxLineBytes >> 20) + " MiB was skipped");
                return;
            }
            if (event == EventName.TASK_END && skimmer.taskEnd(bytes, start, length, taskEnd)) {
                run.taskEnded(taskEnd);
                return;
            }
            if (event == EventName.TASK_START && skimmer.taskStart(bytes, start, length, stageAttempt)) {
                run.stage(stageAttempt[0]).attempt(stageAttempt[1]).starts++;
                return;
            }
            try {
                decoder.decode(event, bytes, start, length);
            } catch (IOException | RuntimeException e) {
                malformed(lines);
            }
        }

        private void malformed(LineReader lines) {
            if (lines.terminated()) {
                run.corruptLine(lines.lineNumber());
            } else {
                run.truncatedTail = true;
            }
        }

        /** The "Event" field of a line whose fields come in another order (not how Spark writes them). */
        private String eventNameByParsing(byte[] bytes, int start, int length) {
            try (JsonParser p = json.createParser(bytes, start, length)) {
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    return null;
                }
                for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
                    JsonToken value = p.nextToken();
                    if (f.equals("Event") && value == JsonToken.VALUE_STRING) {
                        return p.getText();
                    }
                    p.skipChildren();
                }
                return null;
            } catch (IOException | RuntimeException e) {
                return null;
            }
        }

        private boolean isBlank(LineReader lines) {
            byte[] b = lines.bytes();
            for (int i = lines.start(), end = i + lines.length(); i < end; i++) {
                if (b[i] != ' ' && b[i] != '\t') {
                    return false;
                }
            }
            return true;
        }
    }
}
