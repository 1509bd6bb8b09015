/**
 * The discrete-event engine ({@link Simulation}): arrivals in trace order, completions, reservations opening and
 * ending, deadlines passing, with one {@link Policy} deciding at the moments the papers' schedulers decide and acting
 * through the {@link Cluster} it is given. A job on k CPUs spreads each stage's tasks over them but never ends a
 * stage sooner than one task; jobs that share run under max-min fair sharing, the Justice paper's baseline.
 *
 * <p>Contract: deterministic, since events at the same instant are taken in the order they were scheduled, arrivals
 * first; time is simulated seconds, never the wall clock (which only measures the simulation's own speed); the
 * cluster never holds more than its capacity. A policy sees what YARN and an event log would show (a job's
 * {@code JobView} at arrival, {@link StageSnapshot}s and {@link FinishedRun}s later), never the task times of work
 * still to come. Every job's fate under every policy is a {@link JobResult} row, from which every metric can be
 * recomputed.
 */
package io.punctual.simulate.engine;
