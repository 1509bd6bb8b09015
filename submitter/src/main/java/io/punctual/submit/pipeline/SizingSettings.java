package io.punctual.submit.pipeline;

import io.punctual.submit.request.AdmissionPolicy;
import io.punctual.submit.request.DeadlineUtility;

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
 */
public record SizingSettings(double confidence, double robustness, int minRunsForRush, int maxExecutors,
                             int killAboveTasks, AdmissionPolicy admission, DeadlineUtility utility) {
}
