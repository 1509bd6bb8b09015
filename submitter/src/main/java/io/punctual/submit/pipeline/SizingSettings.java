package io.punctual.submit.pipeline;

import io.punctual.submit.request.AdmissionPolicy;
import io.punctual.submit.request.DeadlineUtility;
import java.util.Optional;

/**
 * The sizing and admission knobs a submission does not set itself, as the configuration resolves them for it
 * ({@code io.punctual.submit.assembly.Assembly} builds them; nothing else invents defaults).
 *
 * @param confidence     θ when the submission names none
 * @param robustness     δ, RUSH's KL radius
 * @param minRunsForRush good runs a job needs before RUSH sizes it (Justice sizes it until then)
 * @param maxExecutors   the team's cap
 * @param killAboveTasks Justice kills an application that is past its deadline once it has started more tasks than
 *                       this: large violators would hold capacity the longest
 * @param admission      what becomes of a job whose reservation finds no room now
 * @param utility        what finishing late is still worth to the job (RUSH's admission arbitrates with it)
 * @param startAt        when running jobs are re-planned from their progress (issue 25): the confidence each job is
 *                       sized to start at ({@link #START_CONFIDENCE}), since the loop grows it toward θ, or announces
 *                       its miss, as soon as its first tasks show how it runs; a count the user fixed starts as asked
 *                       unless θ cannot meet its deadline. Empty: sized once, at θ, and refused when θ cannot meet it
 */
public record SizingSettings(double confidence, double robustness, int minRunsForRush, int maxExecutors,
                             int killAboveTasks, AdmissionPolicy admission, DeadlineUtility utility,
                             Optional<Double> startAt) {

    /**
     * The confidence a re-planned job is sized to start at. Below θ, a run holds fewer executors than θ asks until
     * its own tasks say it needs them. In the simulator (benchmarks/results/decisions.md) starting at 0.3 rather than
     * at θ = 0.9 met slightly more deadlines on the SWIM day and the synthetic traces for 15–25% fewer CPU-seconds per
     * met deadline, and starting at 0.5 about as many for 4–10% more than 0.3.
     */
    public static final double START_CONFIDENCE = 0.3;

    /** Settings for a deployment that sizes each job once: a deadline θ cannot meet is refused. */
    public SizingSettings(double confidence, double robustness, int minRunsForRush, int maxExecutors,
                          int killAboveTasks, AdmissionPolicy admission, DeadlineUtility utility) {
        this(confidence, robustness, minRunsForRush, maxExecutors, killAboveTasks, admission, utility,
                Optional.empty());
    }
}
