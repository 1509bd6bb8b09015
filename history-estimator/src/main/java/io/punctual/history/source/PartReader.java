package io.punctual.history.source;

import io.punctual.history.eventlog.EventLogCodec;
import io.punctual.history.eventlog.EventLogParser;
import io.punctual.history.eventlog.RawInput;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.util.Optional;

/**
 * Feeds one file of a log to a reading: picks the codec (the magic bytes win over the file name, so a renamed or
 * mislabelled file still reads), decompresses, and tells a compressed stream that merely ends early (a log
 * still being written) from a failing source.
 */
final class PartReader {

    private PartReader() {
    }

    /** Reads {@code raw} fully into {@code reading}; the caller owns and closes {@code raw}. */
    static void read(RawInput raw, EventLogCodec named, EventLogParser.Reading reading) throws IOException {
        PushbackInputStream in = new PushbackInputStream(raw, EventLogCodec.SNIFF_BYTES);
        byte[] head = in.readNBytes(EventLogCodec.SNIFF_BYTES);
        in.unread(head);
        EventLogCodec codec = choose(named, head);
        if (codec != named) {
            reading.note("read as " + label(codec) + " (its first bytes say so), although its name says " + label(named));
        }
        try {
            // plain logs go to the line reader unbuffered: it reads in large blocks itself
            InputStream lines = codec.open(codec == EventLogCodec.PLAIN ? in : new BufferedInputStream(in, 1 << 16), head);
            reading.read(lines);
        } catch (IOException | RuntimeException e) {
            if (raw.failure() != null) {
                throw raw.failure();
            }
            reading.partEndedEarly(label(codec) + ": " + e.getMessage());
        }
    }

    static EventLogCodec choose(EventLogCodec named, byte[] head) {
        Optional<EventLogCodec> sniffed = EventLogCodec.sniff(head, head.length);
        if (sniffed.isPresent()) {
            return sniffed.get();
        }
        int i = 0;
        while (i < head.length && Character.isWhitespace(head[i])) {
            i++;
        }
        return i < head.length && head[i] == '{' ? EventLogCodec.PLAIN : named;
    }

    private static String label(EventLogCodec codec) {
        return codec == EventLogCodec.PLAIN ? "plain JSON" : codec.shortName();
    }
}
