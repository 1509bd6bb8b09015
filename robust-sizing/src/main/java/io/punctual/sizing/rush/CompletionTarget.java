package io.punctual.sizing.rush;

/**
 * One job's place in the lexicographic max-min solution (RUSH §III-B).
 *
 * @param job     the job
 * @param target  T_i: complete by this time (the same clock as the round's {@code now}); finite
 * @param utility U_i(T_i), the utility that completing at the target earns
 */
public record CompletionTarget(RushJob job, double target, double utility) {

    public CompletionTarget {
        if (job == null) {
            throw new IllegalArgumentException("a completion target needs its job");
        }
        if (!Double.isFinite(target)) {
            throw new IllegalArgumentException("job " + job.id() + ": target completion must be a finite time, got "
                    + target);
        }
    }
}
