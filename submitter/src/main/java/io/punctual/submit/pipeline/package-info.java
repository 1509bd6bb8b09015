/**
 * One submission's life, the same for every entry point. {@link SubmissionMachine} is the one sequence: a pure
 * function from a {@link SubmissionState} and an {@link Observation} to the next state and the {@link Action}s to
 * take, with no I/O and no clock of its own, so every path through it is a unit test. A {@link Conductor} carries the
 * actions out against the cluster, the launcher and learning and feeds the answers back; {@link SubmissionPipeline}
 * drives one submission to its end for a caller that waits (the CLI), the gateway and the simulator drive the same
 * machine through conductors of their own.
 *
 * <p>The rules the machine asks, pure where they can be: sizing ({@link SubmissionSizer}: the user's count, RUSH, the
 * fleet's work per task, then Justice, with a job's width read from its own hints by {@link JobWidth}); what to reserve
 * ({@link ReservationWindows}) and what YARN will answer ({@link Prediction}: GREE on YARN's plan, Rayon §4.2, beside
 * the cluster's own agent); whose turn it is among waiting jobs ({@link AdmissionOrder}: Justice's smallest
 * {@code reqCpus / TTD} first, Algorithm 4, or RUSH's onion peeling and slot mapping, §III-B and §III-C, in
 * {@link RushArbitration}); and, while a job runs, Justice's kill of large violators ({@link LargeViolators},
 * Justice §2.2) and re-planning from its progress ({@link ReplanRules}, DESIGN.md §9).
 *
 * <p>Layering: above {@code request}, {@code launch} and {@code learn}. It never reads configuration: the composition
 * root hands it {@link SizingSettings} and {@link PipelineSettings}. Whatever ends a submission releases its
 * reservation and, when the application reached a final state, learns from it.
 */
package io.punctual.submit.pipeline;
