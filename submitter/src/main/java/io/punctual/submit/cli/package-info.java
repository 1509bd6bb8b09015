/**
 * The {@code punctual} command line: one {@link Command} per sub-command (submit, explain, demo, batches, plan,
 * sizing, history, config check, queues, doctor, serve, cluster, simulate, bench), each parsing its own
 * {@link Flags} and working through a {@link CliContext} (streams, clock, home, environment and working directory
 * passed in, so tests drive commands without globals). spark-submit's own options pass through {@code submit}
 * untouched. Exit statuses let a script tell a refusal, which a later deadline may cure, from a failure and from a
 * wrong command line ({@link ExitStatus}).
 *
 * <p>Layering: the top of the submitter below {@code Main}, the one package that may use every other, and used by
 * {@code Main} alone. Commands get their parts from the composition root, so the command line sizes a job exactly as
 * the gateway would.
 */
package io.punctual.submit.cli;
