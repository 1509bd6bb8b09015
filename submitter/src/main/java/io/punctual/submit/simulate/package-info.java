/**
 * Punctual as deployed, run inside the simulator ({@code punctual simulate --policies punctual[:<admission>]}): every
 * simulated arrival becomes a submission that the gateway's own {@code Conductor} drives through the one
 * {@code SubmissionMachine}, with the parts the {@code Assembly} builds from the site's configuration, against the
 * in-memory YARN that passes the same contract tests as the real one. What the simulator has instead of event logs
 * and file systems, its runs, inputs and progress, reaches the machine the way the gateway's poller and learning would
 * report it, and never touches the site's real stores.
 *
 * <p>Why it lives here: the simulator depends on robust-sizing alone, so the submitter plugs its machine into it
 * ({@link DeployedPolicies} adds Punctual's policies to the simulator's catalogue) rather than the simulator reaching
 * up. The simulator's numbers for Punctual therefore measure the code and settings that would run. Layering: above
 * the composition root; only the command line uses it.
 */
package io.punctual.submit.simulate;
