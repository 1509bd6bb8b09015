package io.punctual.history.eventlog;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Splits a byte stream into lines without decoding characters, reusing one buffer: the current line is
 * {@code bytes()[start() .. start()+length())}, valid until the next call to {@link #next()}.
 * A line longer than {@code maxLineBytes} is cut: its head is kept (enough to name its event) and the rest is
 * skipped unread, so one giant line (a huge SQL plan) cannot exhaust the heap.
 */
final class LineReader {

    private static final int CUT_HEAD_BYTES = 4096;
    private static final java.lang.invoke.VarHandle LONGS =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final long NEWLINES = 0x0a0a0a0a0a0a0a0aL;

    private final InputStream in;
    private final int maxLineBytes;
    private byte[] buf;
    private int pos;
    private int limit;
    private boolean eof;
    /** A read failure held back until the lines read before it have been handed out. */
    private IOException failure;

    private byte[] lineArray;
    private int start;
    private int length;
    private boolean terminated;
    private boolean cut;
    private long lineNumber;

    LineReader(InputStream in, int initialBytes, int maxLineBytes) {
        this.in = in;
        this.maxLineBytes = Math.max(maxLineBytes, initialBytes);
        this.buf = new byte[initialBytes];
    }

    byte[] bytes() {
        return lineArray;
    }

    int start() {
        return start;
    }

    int length() {
        return length;
    }

    /** False for a last line that ended without a newline: it may have been cut off mid-write. */
    boolean terminated() {
        return terminated;
    }

    /** True when the line was longer than the limit and only its head is available. */
    boolean cut() {
        return cut;
    }

    long lineNumber() {
        return lineNumber;
    }

    /** Advances to the next line; false at the end of the stream. */
    boolean next() throws IOException {
        cut = false;
        int scanFrom = pos;
        while (true) {
            int newline = indexOfNewline(scanFrom, limit);
            if (newline >= 0) {
                setLine(buf, pos, newline, true);
                pos = newline + 1;
                return true;
            }
            if (eof) {
                if (pos >= limit) {
                    if (failure != null) {
                        IOException e = failure;
                        failure = null;
                        throw e;
                    }
                    return false;
                }
                setLine(buf, pos, limit, false);
                pos = limit;
                return true;
            }
            if (pos == 0 && limit == buf.length && buf.length >= maxLineBytes) {
                cutLine();
                return true;
            }
            scanFrom = fill();
        }
    }

    private void setLine(byte[] array, int from, int end, boolean endsWithNewline) {
        int to = end;
        if (to > from && array[to - 1] == '\r') {
            to--;
        }
        lineArray = array;
        start = from;
        length = to - from;
        terminated = endsWithNewline;
        lineNumber++;
    }

    /** Moves the partial line to the front, grows the buffer when full, reads more; returns where to scan from. */
    private int fill() throws IOException {
        int pending = limit - pos;
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, pending);
            pos = 0;
            limit = pending;
        } else if (limit == buf.length) {
            buf = Arrays.copyOf(buf, (int) Math.min((long) buf.length * 2, maxLineBytes));
        }
        int read;
        try {
            read = in.read(buf, limit, buf.length - limit);
        } catch (IOException e) {
            // a compressed stream cut mid-block: hand out the whole lines before the cut, then report it
            failure = e;
            eof = true;
            return pending;
        }
        if (read < 0) {
            eof = true;
        } else {
            limit += read;
        }
        return pending;
    }

    private void cutLine() throws IOException {
        setLine(Arrays.copyOf(buf, CUT_HEAD_BYTES), 0, CUT_HEAD_BYTES, true);
        cut = true;
        pos = 0;
        limit = 0;
        while (true) {
            int read = in.read(buf, 0, buf.length);
            if (read < 0) {
                eof = true;
                terminated = false;
                return;
            }
            int newline = indexOfNewline(0, read);
            if (newline >= 0) {
                pos = newline + 1;
                limit = read;
                return;
            }
        }
    }

    /** Finds '\n' eight bytes at a time (the classic "has zero byte" bit trick on {@code word ^ 0x0a0a...}). */
    private int indexOfNewline(int from, int to) {
        byte[] b = buf;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long word = (long) LONGS.get(b, i) ^ NEWLINES;
            if (((word - 0x0101010101010101L) & ~word & 0x8080808080808080L) != 0) {
                break;
            }
        }
        for (; i < to; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
