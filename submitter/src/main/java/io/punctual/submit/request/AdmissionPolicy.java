package io.punctual.submit.request;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What happens to a deadline job whose reservation finds no room now ({@code punctual.admission.policy}).
 * {@code first-fit} rejects it on the spot with the earliest deadline that has room. {@code justice} keeps it waiting
 * in Justice's admission queue (Justice, Algorithm 4): every round re-sizes the waiting jobs with their submission
 * time and the time they waited (ESTIMATE_REQ's {@code deadline / (deadline − waited)}: more CPUs for a shorter hold
 * as the window shrinks), offers the plan to them in ascending {@code reqCpus / TTD}, and drops a job, with the
 * reason, once no size can meet its deadline any more. {@code rush} queues the same way, but when the waiting jobs
 * cannot all finish by their deadlines, RUSH's onion peeling over their utilities picks who completes when, late
 * where a job's utility tolerates it.
 */
public enum AdmissionPolicy {
    FIRST_FIT,
    JUSTICE,
    RUSH;

    /** The name configuration and the simulator use. */
    public String configName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static List<String> configNames() {
        return Arrays.stream(values()).map(AdmissionPolicy::configName).toList();
    }

    public static Optional<AdmissionPolicy> named(String name) {
        return Arrays.stream(values()).filter(p -> p.configName().equals(name)).findFirst();
    }
}
