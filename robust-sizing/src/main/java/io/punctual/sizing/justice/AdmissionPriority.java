package io.punctual.sizing.justice;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Where a waiting job stands in Justice's admission queue (Justice, Algorithm 4, CREATE_OFFERS): jobs are served in
 * ascending {@code reqCpus / TTD}, so a small job with a distant deadline goes before a large, urgent one — the
 * paper's order for meeting the most deadlines. Ties go to the earlier submission, then to the smaller id, so every
 * round orders the same jobs the same way.
 *
 * @param id          the job's identifier
 * @param cpus        CPUs it asks for now
 * @param submittedAt when it was submitted
 * @param value       {@code cpus / TTD} in CPUs per second; {@link Double#POSITIVE_INFINITY} once no time is left
 */
public record AdmissionPriority(String id, int cpus, Instant submittedAt, double value)
        implements Comparable<AdmissionPriority> {

    public AdmissionPriority {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(submittedAt, "submittedAt");
    }

    /** The priority of a job asking for {@code cpus} with {@code timeToDeadline} left. */
    public static AdmissionPriority of(String id, int cpus, Instant submittedAt, Duration timeToDeadline) {
        double ttd = Seconds.of(timeToDeadline);
        return new AdmissionPriority(id, cpus, submittedAt, ttd > 0 ? cpus / ttd : Double.POSITIVE_INFINITY);
    }

    @Override
    public int compareTo(AdmissionPriority other) {
        int byValue = Double.compare(value, other.value);
        if (byValue != 0) {
            return byValue;
        }
        int bySubmission = submittedAt.compareTo(other.submittedAt);
        return bySubmission != 0 ? bySubmission : id.compareTo(other.id);
    }
}
