/**
 * The jobs a simulation runs. A trace, a SWIM file ({@link SwimTrace}) or a generated one ({@link SyntheticTrace},
 * {@code synthetic:...}), becomes simulated jobs ({@link Workload}) through a stated model from bytes to tasks and task
 * times ({@link TaskModel}), with deadlines as multiples of each job's optimal runtime ({@link DeadlineType}, the
 * Justice paper's deadline types, §3.1).
 *
 * <p>Contract: deterministic for a seed. A {@link SimJob} knows its task times; a {@link JobView}, all a policy gets at
 * arrival, does not. A trace that cannot be simulated is a {@link TraceException} naming the line. This package
 * depends on no other, so every part of the simulator, and the submitter's benchmark for SWIM arrivals, can use it.
 */
package io.punctual.simulate.workload;
