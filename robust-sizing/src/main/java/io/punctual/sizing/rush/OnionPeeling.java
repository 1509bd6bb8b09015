package io.punctual.sizing.rush;

import java.util.List;

/**
 * Assigns completion targets that maximise job utilities in lexicographic max-min order (RUSH §III-B, the TAS
 * problem): first the least utility as high as it can go, then the next least, and so on — the onion's layers.
 *
 * <p>The model is the paper's: C identical containers, each job's demand η_i divisible among them, all jobs
 * available from {@code now}. A set of targets is feasible exactly when, for every time t, the jobs due by t need
 * no more than C·(t − now) container-seconds (condition (12), Theorem 2).
 */
public interface OnionPeeling {

    /**
     * @param jobs       the active jobs, with distinct ids
     * @param containers C ≥ 1
     * @param now        the start of the round; the jobs' utilities are read on the same clock
     */
    PeelingResult peel(List<RushJob> jobs, int containers, double now);
}
