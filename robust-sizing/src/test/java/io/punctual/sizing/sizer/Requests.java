package io.punctual.sizing.sizer;

import io.punctual.sizing.JobKey;
import io.punctual.sizing.Resources;
import io.punctual.sizing.rush.RunDemand;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Sizing requests at time 0 for the sizer tests, each field named where it matters. */
final class Requests {

    static final Instant NOW = Instant.ofEpochSecond(0);
    static final JobKey JOB = new JobKey("analytics", "daily");

    private Requests() {
    }

    static SizingRequest request(long deadlineSeconds, double confidence, double robustness, int cores,
                                 Optional<JobHistory> history, ParallelismEstimate parallelism, int teamCap,
                                 int cluster) {
        return waited(0, deadlineSeconds, confidence, robustness, cores, history, parallelism, teamCap, cluster);
    }

    /** The same job sized again {@code waitedSeconds} after its submission at time 0 (it waited in a queue). */
    static SizingRequest waited(long waitedSeconds, long deadlineSeconds, double confidence, double robustness,
                                int cores, Optional<JobHistory> history, ParallelismEstimate parallelism, int teamCap,
                                int cluster) {
        return new SizingRequest(JOB, NOW, NOW.plusSeconds(waitedSeconds), NOW.plusSeconds(deadlineSeconds),
                confidence, robustness, Resources.of(cores, 1024L * cores), cores, history, parallelism, teamCap,
                cluster, Optional.empty());
    }

    static JobHistory history(int runs, StraightCurve curve, long overheadSeconds, int widestStage) {
        return new JobHistory(runs, List.of(new RunDemand(1, 1), new RunDemand(1, 2), new RunDemand(1, 3)), curve,
                Duration.ofSeconds(overheadSeconds), 1.0, widestStage);
    }
}
