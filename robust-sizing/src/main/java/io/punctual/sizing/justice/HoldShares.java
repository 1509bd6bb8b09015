package io.punctual.sizing.justice;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * How much of its window each recent first-time job used: Punctual's extension of Justice's state, not in the Justice
 * paper. Justice sizes a job it has never seen for the CPU rate that just meets its deadline, so a reservation sized
 * from it alone must hold the whole window — and a hold as long as its window cannot move, which gives up what makes
 * a reservation cheap to place (Rayon, Sections 3–4: a duration shorter than its window, placed anywhere in it). As
 * Justice learns its fraction across jobs, this learns across jobs how long such a hold really needs to be: for each
 * finished job Justice sized without history, {@code (finish − submission) / window}.
 *
 * <p>A run that did not finish (killed when its hold or deadline ran out) is recorded as 1: its need is not known,
 * only that it was more than it got, and counting it as needing the whole window is what lets the learned hold grow
 * back after holds turn out too short. A failed run teaches nothing (it did not run its course).
 *
 * @param recent the newest shares, oldest first, each in (0, 1], at most {@value #KEPT}
 */
public record HoldShares(List<Double> recent) {

    /** How many of the newest shares are kept: enough for a 0.99 quantile, bounded so the stored state stays small. */
    public static final int KEPT = 128;

    /**
     * The fewest samples before a quantile is trusted. Below it the learned hold is not used at all: with a handful of
     * runs one short job would shorten everyone's hold.
     */
    public static final int MIN_SAMPLES = 10;

    public HoldShares {
        recent = List.copyOf(recent);
        if (recent.size() > KEPT) {
            throw new IllegalArgumentException("at most " + KEPT + " hold shares are kept, got " + recent.size());
        }
        for (double share : recent) {
            if (!(share > 0 && share <= 1)) {
                throw new IllegalArgumentException("every hold share must be in (0, 1], got " + share);
            }
        }
    }

    public static HoldShares none() {
        return new HoldShares(List.of());
    }

    /** The share of {@code window} a run that took {@code used} from submission to finish needed, in (0, 1]. */
    public static double of(Duration used, Duration window) {
        if (window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("a window must be positive, got " + window);
        }
        double share = Seconds.of(used) / Seconds.of(window);
        return Math.max(Double.MIN_VALUE, Math.min(1.0, share));
    }

    /** These shares with {@code share} appended, the oldest dropped beyond {@value #KEPT}. */
    public HoldShares with(double share) {
        int keep = Math.min(recent.size(), KEPT - 1);
        List<Double> next = new ArrayList<>(keep + 1);
        next.addAll(recent.subList(recent.size() - keep, recent.size()));
        next.add(share);
        return new HoldShares(next);
    }

    /**
     * How many samples the θ-quantile needs: {@value #MIN_SAMPLES}, and at least {@code 1/(1 − θ)} so the quantile is
     * decided by more than the largest sample alone (the ⌈θ·n⌉-th of n samples is the largest while n(1 − θ) < 1).
     */
    public static int samplesNeeded(double theta) {
        return (int) Math.max(MIN_SAMPLES, Math.ceil(1 / (1 - theta) - 1e-9));
    }

    /** The empirical θ-quantile (the ⌈θ·n⌉-th smallest share), once there are {@link #samplesNeeded} samples. */
    public Optional<Double> quantile(double theta) {
        if (!(theta > 0 && theta < 1)) {
            throw new IllegalArgumentException("θ must be strictly between 0 and 1, got " + theta);
        }
        if (recent.size() < samplesNeeded(theta) || samplesNeeded(theta) > KEPT) {
            return Optional.empty();
        }
        double[] sorted = recent.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(theta * sorted.length - 1e-9);
        return Optional.of(sorted[Math.max(1, rank) - 1]);
    }
}
