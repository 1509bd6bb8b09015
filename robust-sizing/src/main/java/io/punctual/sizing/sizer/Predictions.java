package io.punctual.sizing.sizer;

import java.time.Duration;
import java.time.Instant;

/** Turns predicted run seconds into instants and reservation holds. */
final class Predictions {

    private Predictions() {
    }

    /** When a run of {@code seconds} that starts after {@code overhead} finishes. */
    static Instant finish(SizingRequest request, Duration overhead, double seconds) {
        return request.now().plus(overhead).plusMillis((long) Math.ceil(seconds * 1000));
    }

    /** How long a reservation must hold executors for a run of {@code seconds}, whole seconds, at least one. */
    static Duration hold(Duration overhead, double seconds) {
        return Duration.ofSeconds(Math.max(1, (long) Math.ceil(overhead.toMillis() / 1000.0 + seconds)));
    }

    /** Which limit binds when the job cannot have more executors. */
    static Bound binding(SizingRequest request, int maxUseful) {
        if (maxUseful <= request.executorLimit()) {
            return Bound.MAX_PARALLELISM;
        }
        return request.teamMaxExecutors() <= request.clusterExecutors() ? Bound.TEAM_CAP : Bound.CLUSTER_CAPACITY;
    }

    static String seconds(double value) {
        return String.format(java.util.Locale.ROOT, "%.1f s", value);
    }
}
