package io.punctual.history.eventlog;

import java.nio.charset.StandardCharsets;

/**
 * A fast path for the line that makes up most of every event log, SparkListenerTaskEnd (and its TaskStart): one
 * pass over the raw bytes that tracks strings and nesting depth, reads the dozen fields the model needs where
 * they sit (by depth and enclosing field, exactly where {@link EventDecoder} would look), and skips everything else —
 * accumulables, executor metrics, block updates — without tokenizing it. It accepts only lines written the way
 * Spark writes them (compact JSON, balanced, ending in '}'); anything else returns false and the line goes to
 * Jackson, which decides whether it is corrupt. Tests hold it to Jackson's answers on every task end they have.
 */
final class TaskEndSkimmer {

    private static final byte[] STAGE_ID = key("Stage ID");
    private static final byte[] STAGE_ATTEMPT_ID = key("Stage Attempt ID");
    private static final byte[] TASK_END_REASON = key("Task End Reason");
    private static final byte[] TASK_INFO = key("Task Info");
    private static final byte[] TASK_METRICS = key("Task Metrics");
    private static final byte[] REASON = key("Reason");
    private static final byte[] LAUNCH_TIME = key("Launch Time");
    private static final byte[] FINISH_TIME = key("Finish Time");
    private static final byte[] INDEX = key("Index");
    private static final byte[] FAILED = key("Failed");
    private static final byte[] KILLED = key("Killed");
    private static final byte[] INPUT_METRICS = key("Input Metrics");
    private static final byte[] SHUFFLE_READ_METRICS = key("Shuffle Read Metrics");
    private static final byte[] SHUFFLE_WRITE_METRICS = key("Shuffle Write Metrics");
    private static final byte[] BYTES_READ = key("Bytes Read");
    private static final byte[] REMOTE_BYTES_READ = key("Remote Bytes Read");
    private static final byte[] LOCAL_BYTES_READ = key("Local Bytes Read");
    private static final byte[] SHUFFLE_BYTES_WRITTEN = key("Shuffle Bytes Written");

    private static final int NONE = 0;
    private static final int REASON_SECTION = 1;
    private static final int INFO_SECTION = 2;
    private static final int METRICS_SECTION = 3;
    private static final int INPUT = 4;
    private static final int SHUFFLE_READ = 5;
    private static final int SHUFFLE_WRITE = 6;

    /** Thrown inside a skim when the line is not shaped as expected; never escapes this class. */
    private static final class NotSparkShaped extends Exception {
        NotSparkShaped() {
            super(null, null, false, false);
        }
    }

    private static final NotSparkShaped NOT_SPARK_SHAPED = new NotSparkShaped();

    private static final byte[] ACCUMULABLES = key("Accumulables");
    /** What follows the accumulables in every Spark 3 task end; see {@link #jumpToTaskMetrics}. */
    private static final byte[] TASK_METRICS_KEY = ",\"Task Metrics\":{".getBytes(StandardCharsets.US_ASCII);
    private static final java.lang.invoke.VarHandle LONGS =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final long OPEN_BRACES = 0x7b7b7b7b7b7b7b7bL;

    private static final byte[] TASK_START_PREFIX =
            "{\"Event\":\"SparkListenerTaskStart\",\"Stage ID\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ATTEMPT_INFIX = ",\"Stage Attempt ID\":".getBytes(StandardCharsets.US_ASCII);
    private byte[] b;
    private int end;
    private int pos;
    private int depth;
    private int section1;
    private int section2;

    /** Reads a task end into {@code e}; false when the line must go to the full parser instead. */
    boolean taskEnd(byte[] bytes, int offset, int length, TaskEndEvent e) {
        e.reset();
        b = bytes;
        end = offset + length;
        pos = offset;
        try {
            return skimTaskEnd(e) && e.stageId >= 0;
        } catch (NotSparkShaped | ArrayIndexOutOfBoundsException | NumberFormatException notShaped) {
            return false;
        } finally {
            b = null;
        }
    }

    /**
     * Reads a task start's stage and attempt ids, which Spark writes first, into {@code ids}; false when the line
     * must go to the full parser. Only the line's start and its closing brace are looked at: a task start matters
     * only as a count, and a line cut short does not end in '}'.
     */
    boolean taskStart(byte[] bytes, int offset, int length, int[] ids) {
        b = bytes;
        end = offset + length;
        try {
            if (length < TASK_START_PREFIX.length || bytes[end - 1] != '}'
                    || !matchesAt(offset, TASK_START_PREFIX)) {
                return false;
            }
            pos = offset + TASK_START_PREFIX.length;
            ids[0] = (int) number();
            if (!matchesAt(pos, ATTEMPT_INFIX)) {
                return false;
            }
            pos += ATTEMPT_INFIX.length;
            ids[1] = (int) number();
            return true;
        } catch (NotSparkShaped | ArrayIndexOutOfBoundsException notShaped) {
            return false;
        } finally {
            b = null;
        }
    }

    private boolean matchesAt(int at, byte[] pattern) {
        if (at + pattern.length > end) {
            return false;
        }
        for (int k = 0; k < pattern.length; k++) {
            if (b[at + k] != pattern[k]) {
                return false;
            }
        }
        return true;
    }

    private boolean skimTaskEnd(TaskEndEvent e) throws NotSparkShaped {
        if (end - pos < 2 || b[pos] != '{' || b[end - 1] != '}') {
            return false;
        }
        depth = 0;
        section1 = NONE;
        section2 = NONE;
        while (pos < end) {
            byte c = b[pos];
            if (c == '"') {
                int keyStart = pos + 1;
                int keyEnd = endOfString(keyStart);
                pos = keyEnd + 1;
                if (pos < end && b[pos] == ':') {
                    pos++;
                    onKey(keyStart, keyEnd, e);
                }
                continue;
            }
            if (c == '{' || c == '[') {
                depth++;
            } else if (c == '}' || c == ']') {
                if (--depth < 0) {
                    throw NOT_SPARK_SHAPED;
                }
                if (depth == 0 && pos != end - 1) {
                    throw NOT_SPARK_SHAPED;
                }
            }
            pos++;
        }
        return depth == 0;
    }

    /** A key was read and the cursor sits on its value: read the value if it is one we want. */
    private void onKey(int keyStart, int keyEnd, TaskEndEvent e) throws NotSparkShaped {
        if (depth == 1) {
            section1 = sectionOf(keyStart, keyEnd);
            section2 = NONE;
            if (is(STAGE_ID, keyStart, keyEnd)) {
                e.stageId = (int) number();
            } else if (is(STAGE_ATTEMPT_ID, keyStart, keyEnd)) {
                e.stageAttemptId = (int) number();
            }
        } else if (depth == 2) {
            int section = section1;
            field2(section, keyStart, keyEnd, e);
            section2 = section == METRICS_SECTION ? metricsSection(keyStart, keyEnd) : NONE;
        } else if (depth == 3 && section2 != NONE) {
            field3(section2, keyStart, keyEnd, e);
        }
    }

    private void field2(int section, int keyStart, int keyEnd, TaskEndEvent e) throws NotSparkShaped {
        if (section == INFO_SECTION && is(ACCUMULABLES, keyStart, keyEnd)) {
            jumpToTaskMetrics();
        } else if (section == REASON_SECTION) {
            if (is(REASON, keyStart, keyEnd)) {
                e.reason = plainString();
            }
        } else if (section == INFO_SECTION) {
            if (is(LAUNCH_TIME, keyStart, keyEnd)) {
                e.launchMs = number();
            } else if (is(FINISH_TIME, keyStart, keyEnd)) {
                e.finishMs = number();
            } else if (is(INDEX, keyStart, keyEnd)) {
                e.index = (int) number();
            } else if (is(FAILED, keyStart, keyEnd)) {
                e.failedFlag = bool();
            } else if (is(KILLED, keyStart, keyEnd)) {
                e.killedFlag = bool();
            }
        }
    }

    private void field3(int section, int keyStart, int keyEnd, TaskEndEvent e) throws NotSparkShaped {
        if (section == INPUT && is(BYTES_READ, keyStart, keyEnd)) {
            e.inputBytes += number();
        } else if (section == SHUFFLE_READ && (is(REMOTE_BYTES_READ, keyStart, keyEnd) || is(LOCAL_BYTES_READ, keyStart, keyEnd))) {
            e.shuffleReadBytes += number();
        } else if (section == SHUFFLE_WRITE && is(SHUFFLE_BYTES_WRITTEN, keyStart, keyEnd)) {
            e.shuffleWriteBytes += number();
        }
    }

    /**
     * Skips the accumulables (and the executor metrics after them), usually four fifths of the line, straight to
     * the top-level "Task Metrics" field. The pattern {@code ,"Task Metrics":{} cannot occur inside a JSON string
     * (its quotes would be escaped there), and no object nested in any field of a task end has a key of that
     * name, so the pattern occurs at most once: as the top-level field. Spark writes that field last, so it is
     * searched for from the end of the line. When it is not past this point (a task end without metrics, or
     * written in another order), the scan simply goes on from here.
     */
    private void jumpToTaskMetrics() {
        int found = lastIndexOfTaskMetrics(pos);
        if (found >= 0) {
            pos = found + TASK_METRICS_KEY.length - 1; // on the '{' that opens the metrics
            depth = 1;
            section1 = METRICS_SECTION;
            section2 = NONE;
        }
    }

    /** Looks backwards for '{' eight bytes at a time, then checks the bytes before it spell the key. */
    private int lastIndexOfTaskMetrics(int from) {
        byte[] bytes = b;
        int last = TASK_METRICS_KEY.length - 1;
        int lowest = from + last;
        int i = end - 1;
        while (i >= lowest) {
            if (i - 7 >= lowest) {
                long word = (long) LONGS.get(bytes, i - 7) ^ OPEN_BRACES;
                if (((word - 0x0101010101010101L) & ~word & 0x8080808080808080L) == 0) {
                    i -= 8;
                    continue;
                }
            }
            if (bytes[i] == '{' && matchesBefore(i - last)) {
                return i - last;
            }
            i--;
        }
        return -1;
    }

    private boolean matchesBefore(int start) {
        return matchesAt(start, TASK_METRICS_KEY);
    }

    private int sectionOf(int keyStart, int keyEnd) {
        if (is(TASK_INFO, keyStart, keyEnd)) {
            return INFO_SECTION;
        }
        if (is(TASK_METRICS, keyStart, keyEnd)) {
            return METRICS_SECTION;
        }
        return is(TASK_END_REASON, keyStart, keyEnd) ? REASON_SECTION : NONE;
    }

    private int metricsSection(int keyStart, int keyEnd) {
        if (is(INPUT_METRICS, keyStart, keyEnd)) {
            return INPUT;
        }
        if (is(SHUFFLE_READ_METRICS, keyStart, keyEnd)) {
            return SHUFFLE_READ;
        }
        return is(SHUFFLE_WRITE_METRICS, keyStart, keyEnd) ? SHUFFLE_WRITE : NONE;
    }

    /** Index of the closing quote of the string whose first character is at {@code from}. */
    private int endOfString(int from) throws NotSparkShaped {
        int i = from;
        byte[] bytes = b;
        int limit = end;
        while (i < limit) {
            byte c = bytes[i];
            if (c == '"') {
                return i;
            }
            i += c == '\\' ? 2 : 1;
        }
        throw NOT_SPARK_SHAPED;
    }

    /** A JSON integer at the cursor (Spark writes times, ids and byte counts as plain integers). */
    private long number() throws NotSparkShaped {
        boolean negative = b[pos] == '-';
        int i = negative ? pos + 1 : pos;
        int start = i;
        long value = 0;
        while (i < end && b[i] >= '0' && b[i] <= '9') {
            value = value * 10 + (b[i] - '0');
            i++;
        }
        if (i == start || i - start > 18 || (i < end && (b[i] == '.' || b[i] == 'e' || b[i] == 'E'))) {
            throw NOT_SPARK_SHAPED;
        }
        pos = i;
        return negative ? -value : value;
    }

    private boolean bool() throws NotSparkShaped {
        if (b[pos] == 't' && b[pos + 1] == 'r' && b[pos + 2] == 'u' && b[pos + 3] == 'e') {
            pos += 4;
            return true;
        }
        if (b[pos] == 'f' && b[pos + 1] == 'a' && b[pos + 2] == 'l' && b[pos + 3] == 's' && b[pos + 4] == 'e') {
            pos += 5;
            return false;
        }
        throw NOT_SPARK_SHAPED;
    }

    /** A string without escapes (a reason name); anything fancier goes to the full parser. */
    private String plainString() throws NotSparkShaped {
        if (b[pos] != '"') {
            throw NOT_SPARK_SHAPED;
        }
        int close = endOfString(pos + 1);
        for (int i = pos + 1; i < close; i++) {
            if (b[i] == '\\') {
                throw NOT_SPARK_SHAPED;
            }
        }
        String s = new String(b, pos + 1, close - pos - 1, StandardCharsets.UTF_8);
        pos = close + 1;
        return s;
    }

    private boolean is(byte[] key, int start, int keyEnd) {
        return keyEnd - start == key.length && matchesAt(start, key);
    }

    private static byte[] key(String name) {
        return name.getBytes(StandardCharsets.US_ASCII);
    }
}
