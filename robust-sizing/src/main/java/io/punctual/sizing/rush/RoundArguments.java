package io.punctual.sizing.rush;

import java.util.List;

/** Argument checks shared by the {@link OnionPeeling} implementations. */
final class RoundArguments {

    private RoundArguments() {
    }

    static void check(List<RushJob> jobs, int containers, double now) {
        if (jobs == null) {
            throw new IllegalArgumentException("jobs must not be null; pass an empty list for an idle round");
        }
        if (jobs.stream().anyMatch(java.util.Objects::isNull)) {
            throw new IllegalArgumentException("jobs must not contain null entries");
        }
        if (containers < 1) {
            throw new IllegalArgumentException("capacity C must be at least 1 container, got " + containers);
        }
        if (!Double.isFinite(now)) {
            throw new IllegalArgumentException("now must be a finite time, got " + now);
        }
        if (jobs.stream().map(RushJob::id).distinct().count() != jobs.size()) {
            throw new IllegalArgumentException("job ids must be distinct within a round");
        }
    }
}
