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
 * @param admitAt        when running jobs are re-planned from their progress (issue 25): the confidence at which a job
 *                       whose θ sizing cannot meet its deadline is still admitted, since the loop grows it or
 *                       announces its miss as soon as its first tasks show how it runs; empty: refused
 */
public record SizingSettings(double confidence, double robustness, int minRunsForRush, int maxExecutors,
                             int killAboveTasks, AdmissionPolicy admission, DeadlineUtility utility,
                             Optional<Double> admitAt) {

    /** Settings for a deployment that sizes each job once: a deadline θ cannot meet is refused. */
    public SizingSettings(double confidence, double robustness, int minRunsForRush, int maxExecutors,
                          int killAboveTasks, AdmissionPolicy admission, DeadlineUtility utility) {
        this(confidence, robustness, minRunsForRush, maxExecutors, killAboveTasks, admission, utility,
                Optional.empty());
    }
}
