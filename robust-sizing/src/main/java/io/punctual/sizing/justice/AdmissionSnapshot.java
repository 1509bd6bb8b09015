package io.punctual.sizing.justice;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.time.Instant;

/**
 * Everything one admission round looks at, frozen at {@code now}.
 *
 * @param now          the moment of the round
 * @param capacityCpus CPUs in the cluster (or the share Justice manages)
 * @param freeCpus     CPUs not held by any running job, in [0, capacityCpus]
 * @param queued       jobs waiting for admission, each submitted no later than {@code now}
 * @param running      admitted jobs still holding CPUs
 */
public record AdmissionSnapshot(Instant now, int capacityCpus, int freeCpus, List<QueuedJob> queued,
                                List<RunningJob> running) {

    public AdmissionSnapshot {
        Objects.requireNonNull(now, "now");
        queued = List.copyOf(queued);
        running = List.copyOf(running);
        if (capacityCpus < 1) {
            throw new IllegalArgumentException("capacityCpus must be ≥ 1, got " + capacityCpus);
        }
        if (freeCpus < 0 || freeCpus > capacityCpus) {
            throw new IllegalArgumentException("freeCpus must be in [0, " + capacityCpus + "], got " + freeCpus);
        }
        Set<String> ids = new HashSet<>();
        for (QueuedJob job : queued) {
            if (job.submittedAt().isAfter(now)) {
                throw new IllegalArgumentException("job " + job.id() + " was submitted at " + job.submittedAt()
                        + ", after the round's now " + now + "; take now from the same clock as submissions");
            }
            requireUnique(ids, job.id());
        }
        for (RunningJob job : running) {
            requireUnique(ids, job.id());
        }
    }

    private static void requireUnique(Set<String> ids, String id) {
        if (!ids.add(id)) {
            throw new IllegalArgumentException("job id " + id + " appears twice in the snapshot");
        }
    }
}
