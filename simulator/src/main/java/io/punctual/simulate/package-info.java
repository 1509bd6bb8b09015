/**
 * {@code punctual simulate}: the papers' policies, and Punctual's own, compared on a simulated cluster at any scale.
 * {@link Simulator} runs every asked policy over the same jobs (same trace, cluster, deadlines and seed) and writes
 * one report, checking the whole {@link SimulationRequest} before the first policy runs, so a bad request fails at
 * once rather than hours in. {@link RunReport} is what every kind of simulation answers, so job traces, BoPF's bursts
 * ({@code simulate.queues}) and Rayon's reservations ({@code simulate.reservations}) report alike.
 *
 * <p>The module's contract: it depends on robust-sizing alone (with Jackson and XChart for the report), not on YARN,
 * the history estimator or the submitter, and runs the production algorithms rather than copies of them, on a virtual
 * clock, deterministically for a seed. Punctual as deployed joins from the submitter
 * ({@code io.punctual.submit.simulate}), which adds its policies to the catalogue instead of the simulator reaching
 * up for them.
 */
package io.punctual.simulate;
