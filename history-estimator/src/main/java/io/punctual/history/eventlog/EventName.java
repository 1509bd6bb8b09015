package io.punctual.history.eventlog;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The events the parser reads, by the names Spark writes in the "Event" field, and how to tell an event it merely
 * skips (one of Spark's own) from an unknown one (a custom listener's).
 */
enum EventName {
    LOG_START("SparkListenerLogStart"),
    ENVIRONMENT_UPDATE("SparkListenerEnvironmentUpdate"),
    APPLICATION_START("SparkListenerApplicationStart"),
    APPLICATION_END("SparkListenerApplicationEnd"),
    JOB_START("SparkListenerJobStart"),
    JOB_END("SparkListenerJobEnd"),
    STAGE_SUBMITTED("SparkListenerStageSubmitted"),
    STAGE_COMPLETED("SparkListenerStageCompleted"),
    TASK_START("SparkListenerTaskStart"),
    TASK_END("SparkListenerTaskEnd"),
    EXECUTOR_ADDED("SparkListenerExecutorAdded"),
    EXECUTOR_REMOVED("SparkListenerExecutorRemoved"),
    /** One of Spark's own events the model does not need (block managers, SQL, metrics, ...). */
    SKIPPED_SPARK(null),
    /** Not a Spark event at all. */
    UNKNOWN(null);

    private static final byte[] PREFIX = "{\"Event\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final Map<String, EventName> BY_NAME = Map.ofEntries(
            Map.entry(LOG_START.sparkName, LOG_START), Map.entry(ENVIRONMENT_UPDATE.sparkName, ENVIRONMENT_UPDATE),
            Map.entry(APPLICATION_START.sparkName, APPLICATION_START),
            Map.entry(APPLICATION_END.sparkName, APPLICATION_END), Map.entry(JOB_START.sparkName, JOB_START),
            Map.entry(JOB_END.sparkName, JOB_END), Map.entry(STAGE_SUBMITTED.sparkName, STAGE_SUBMITTED),
            Map.entry(STAGE_COMPLETED.sparkName, STAGE_COMPLETED), Map.entry(TASK_START.sparkName, TASK_START),
            Map.entry(TASK_END.sparkName, TASK_END), Map.entry(EXECUTOR_ADDED.sparkName, EXECUTOR_ADDED),
            Map.entry(EXECUTOR_REMOVED.sparkName, EXECUTOR_REMOVED));

    private final String sparkName;

    EventName(String sparkName) {
        this.sparkName = sparkName;
    }

    static EventName of(String name) {
        EventName known = BY_NAME.get(name);
        if (known != null) {
            return known;
        }
        boolean spark = name.startsWith("SparkListener") || name.startsWith("org.apache.spark.");
        return spark ? SKIPPED_SPARK : UNKNOWN;
    }

    /**
     * The event name of a line written the way Spark writes every event ({@code {"Event":"Name",...}}), read from
     * the raw bytes without parsing the rest; null when the line does not start that way.
     */
    static String peek(byte[] bytes, int offset, int length) {
        int i = offset;
        int end = offset + length;
        while (i < end && (bytes[i] == ' ' || bytes[i] == '\t')) {
            i++;
        }
        if (end - i < PREFIX.length) {
            return null;
        }
        for (int k = 0; k < PREFIX.length; k++) {
            if (bytes[i + k] != PREFIX[k]) {
                return null;
            }
        }
        int nameStart = i + PREFIX.length;
        for (int j = nameStart; j < end; j++) {
            byte b = bytes[j];
            if (b == '"') {
                return new String(bytes, nameStart, j - nameStart, StandardCharsets.ISO_8859_1);
            }
            if (b == '\\') {
                return null;
            }
        }
        return null;
    }
}
