/**
 * Punctual's port onto a YARN cluster: {@link ClusterGateway} (capacity and queues, reservations, the applications
 * Punctual launched) and every value that crosses it, ids included ({@link AppId}, {@link ReservationId}), all
 * Punctual's own. No class here names a Hadoop type, which the module's {@code ArchitectureTest} checks, so the
 * submitter and the benchmarks are written against the port and never against Hadoop.
 *
 * <p>Two implementations keep one contract, and both pass the same contract tests: {@code io.punctual.yarn.hadoop}
 * over a real ResourceManager, and {@code io.punctual.yarn.memory}, a model of one. {@link CachedReads} and
 * {@link ClusterCircuit} wrap either, to spare the ResourceManager repeated reads and callers a dead one. Failures to
 * reach or use the cluster are {@link GatewayException}s whose message says what to do; {@link ClusterUnreachable}
 * means nothing was decided and the call may be repeated; a reservation the plan cannot hold is a
 * {@link ReservationOutcome.Refused} answer, not an exception.
 *
 * <p>Hadoop 3.3.x faults Punctual must live with are named at the port, so every implementation faces them alike:
 * the reservation queue without effective resources ({@link ZeroCapacityRemedy}), and recurring reservations that
 * hold only their first period, renewed one repetition at a time by {@link UnrolledRecurrence} (a BoPF Hard
 * guarantee, bopf-bounded-priority-fairness.txt §4.1).
 */
package io.punctual.yarn;
