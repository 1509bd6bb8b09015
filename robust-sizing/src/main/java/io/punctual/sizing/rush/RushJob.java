package io.punctual.sizing.rush;

/**
 * An active deadline job as RUSH's scheduling half sees it (§III-B, §III-C).
 *
 * @param id          the caller's name for the job, unique within one scheduling round
 * @param demand      η_i, the worst-case demand in container-seconds (from {@link WorstCaseDemandSearch})
 * @param slotSeconds R_i, how long one task holds a container: the paper's "average container runtime". A container
 *                    slot is the indivisible unit of the mapping — a task, once started, keeps its container for up
 *                    to R_i seconds — so a job may finish up to R_i after its target (Theorem 3)
 * @param utility     U_i, the value of completing at each time
 */
public record RushJob(String id, double demand, double slotSeconds, Utility utility) {

    public RushJob {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("a job needs a non-blank id");
        }
        if (!(demand >= 0) || Double.isInfinite(demand)) {
            throw new IllegalArgumentException("job " + id + ": demand must be a finite number >= 0 of"
                    + " container-seconds, got " + demand);
        }
        if (!(slotSeconds > 0) || Double.isInfinite(slotSeconds)) {
            throw new IllegalArgumentException("job " + id + ": slot length R (seconds a task holds a container)"
                    + " must be finite and > 0, got " + slotSeconds);
        }
        if (utility == null) {
            throw new IllegalArgumentException("job " + id + ": a utility is required (ConstantUtility if the job"
                    + " does not care when it completes)");
        }
    }
}
