package io.punctual.history.run;

import java.util.OptionalLong;

/** One executor's life in a run. {@code removedMs} is empty when the log never saw it go (it lived to the end). */
public record ExecutorSpan(String executorId, long addedMs, OptionalLong removedMs, int cores) {

    public ExecutorSpan {
        if (cores < 0) {
            throw new IllegalArgumentException("executor " + executorId + " cannot have " + cores + " cores");
        }
    }
}
