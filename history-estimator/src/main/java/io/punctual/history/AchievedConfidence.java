package io.punctual.history;

import io.punctual.history.run.RunRecord;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The confidence a job actually achieved: of its finished runs submitted with a deadline, the share that met it,
 * next to the confidence θ they asked for. Sizing promises θ; this is the check that the promise held.
 *
 * <p>"Clearly below" is a one-sided binomial test: if each run met its deadline with probability θ, seeing this few
 * successes would happen less than {@value #SIGNIFICANCE} of the time. A small history is therefore not flagged for
 * one unlucky miss, and a long one is flagged for a small but steady shortfall.
 *
 * @param finished runs with a deadline and an end
 * @param met      of those, the runs that ended by their deadline
 * @param asked    the mean confidence they asked for, when they said
 */
public record AchievedConfidence(int finished, int met, Optional<Double> asked) {

    static final double SIGNIFICANCE = 0.05;

    /** Over the runs that carry a deadline; empty when none does. */
    public static Optional<AchievedConfidence> of(List<RunRecord> runs) {
        List<Boolean> outcomes = runs.stream().map(RunRecord::metDeadline).flatMap(Optional::stream).toList();
        if (outcomes.isEmpty()) {
            return Optional.empty();
        }
        int met = (int) outcomes.stream().filter(b -> b).count();
        double[] asked = runs.stream().filter(r -> r.metDeadline().isPresent()).flatMap(r -> r.asked().stream())
                .filter(a -> a.confidence().isPresent()).mapToDouble(a -> a.confidence().getAsDouble()).toArray();
        Optional<Double> mean = asked.length == 0 ? Optional.empty()
                : Optional.of(java.util.Arrays.stream(asked).average().orElseThrow());
        return Optional.of(new AchievedConfidence(outcomes.size(), met, mean));
    }

    public double share() {
        return (double) met / finished;
    }

    /** P(at most {@code met} successes in {@code finished} runs) if each met its deadline with the asked θ. */
    public Optional<Double> pValue() {
        return asked.map(theta -> {
            double sum = 0;
            for (int k = 0; k <= met; k++) {
                sum += Math.exp(logChoose(finished, k) + k * Math.log(theta) + (finished - k) * Math.log1p(-theta));
            }
            return Math.min(1, sum);
        });
    }

    /** Whether the achieved share is clearly below the asked confidence. */
    public boolean clearlyBelow() {
        return pValue().map(p -> p < SIGNIFICANCE).orElse(false);
    }

    public String text() {
        String base = String.format(Locale.ROOT, "%d of %d finished runs met their deadline (%.2f)", met, finished,
                share());
        if (asked.isEmpty()) {
            return base + "; the confidence asked was not recorded";
        }
        String line = base + String.format(Locale.ROOT, " vs %.2f asked", asked.get());
        return clearlyBelow() ? line + String.format(Locale.ROOT, " — WARNING: clearly below what was asked"
                + " (p = %.3f): widen the robustness δ or check the runtime curve", pValue().orElseThrow()) : line;
    }

    private static double logChoose(int n, int k) {
        double sum = 0;
        for (int i = 1; i <= k; i++) {
            sum += Math.log(n - k + i) - Math.log(i);
        }
        return sum;
    }
}
