package io.punctual.simulate.workload;

import java.util.Objects;

/**
 * One job as a trace describes it, before any model turns it into tasks.
 *
 * @param id            the trace's job id
 * @param key           the recurring job it is a run of (equal to {@code id} for an ad-hoc job)
 * @param submitSeconds when it arrives, in seconds from the start of the trace
 * @param inputBytes    bytes read
 * @param shuffleBytes  bytes moved between its map and reduce stages
 * @param outputBytes   bytes written
 */
public record TraceJob(String id, String key, double submitSeconds, long inputBytes, long shuffleBytes,
                       long outputBytes) {

    public TraceJob {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(key, "key");
        if (!(submitSeconds >= 0) || Double.isInfinite(submitSeconds)) {
            throw new IllegalArgumentException("job " + id + ": submit time must be a finite number of seconds ≥ 0, got "
                    + submitSeconds);
        }
        if (inputBytes < 0 || shuffleBytes < 0 || outputBytes < 0) {
            throw new IllegalArgumentException("job " + id + ": byte counts cannot be negative");
        }
    }
}
