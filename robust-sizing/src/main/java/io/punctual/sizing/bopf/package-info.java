/**
 * BoPF — Bounded Priority Fairness (Le, Sun, Chowdhury, Liu, "BoPF: Mitigating the Burstiness-Fairness Tradeoff in
 * Multi-Resource Clusters"). The formulas follow DESIGN.md §3, taken from the authors' simulator because the
 * paper copy lost its mathematics.
 *
 * <ul>
 *   <li>Admission (paper §3.3, Algorithm 1 {@code LQAdmit}/{@code TQAdmit}): {@link io.punctual.sizing.bopf.BopfAdmission}
 *       decides, {@link io.punctual.sizing.bopf.AdmittedQueues} records, each {@link io.punctual.sizing.bopf.AdmissionDecision}
 *       names the condition that decided it.</li>
 *   <li>Allocation (paper §3.3, Algorithm 1 {@code allocate}): {@link io.punctual.sizing.bopf.BopfAllocation} for one step,
 *       {@link io.punctual.sizing.bopf.BopfSimulation} over a horizon, {@link io.punctual.sizing.bopf.DominantResourceFairness}
 *       for the elastic class.</li>
 *   <li>The α-strategy (paper §3.5): {@link io.punctual.sizing.bopf.AlphaStrategy}.</li>
 * </ul>
 * Everything here is pure: time is a parameter, nothing reads a clock.
 */
package io.punctual.sizing.bopf;
