package io.punctual.simulate.engine;

import io.punctual.simulate.workload.JobView;

/**
 * Decides what the simulated cluster runs. The engine calls it at every arrival and completion (the moments the
 * papers' schedulers decide), and when a running job passes its deadline; it acts through {@link Cluster}.
 */
public interface Policy {

    /** The name the command line and the reports use. */
    String name();

    void arrived(Cluster cluster, JobView job);

    /** A job finished (its resources are already free). */
    void finished(Cluster cluster, FinishedRun run);

    /** A running job passed its deadline and is still running. */
    default void overdue(Cluster cluster, JobView job) {
    }

    /** A running job's reservation ended before it did, so it was killed (its resources are already free). */
    default void expired(Cluster cluster, JobView job) {
    }

    /** A time the policy asked for with {@link Cluster#wakeAt} has come. */
    default void woke(Cluster cluster, JobView job) {
    }
}
