package io.punctual.simulate.engine;

import io.punctual.simulate.workload.JobView;
import java.util.List;

/** What a policy can see of the simulated cluster and do to it. */
public interface Cluster {

    /** Simulated seconds since the trace began. */
    double now();

    int capacityCpus();

    /** CPUs not held by a running job with a fixed allocation (sharing jobs take whatever is left). */
    int freeCpus();

    /** Starts the job now with {@code cpus} CPUs, which it keeps until it ends; they must be free. */
    void start(JobView job, int cpus);

    /**
     * Starts the job with {@code cpus} CPUs at {@code at} (≥ now): the moment its reservation opens. The policy that
     * reserved them answers for their being free then.
     */
    void startAt(JobView job, int cpus, double at);

    /**
     * As {@link #startAt(JobView, int, double)}, for a reservation that ends at {@code until}: a job still running
     * then is killed, as YARN kills an application whose reservation queue expires, and the policy is told
     * ({@link Policy#expired}).
     */
    void startAt(JobView job, int cpus, double at, double until);

    /** Runs the job under fair sharing: it gets a max-min fair share of what fixed allocations leave. */
    void share(JobView job);

    /** Refuses a waiting job for good. */
    void drop(JobView job, String reason);

    /** Stops a running job; it counts as missed and teaches nothing. */
    void kill(JobView job, String reason);

    boolean isRunning(JobView job);

    /**
     * Gives a running job with a fixed allocation {@code cpus} CPUs from now on (more must be free): how a re-planning
     * policy grows a job that lags or takes back what one far ahead does not need. Progress is fluid: the share of the
     * job's task work still to do runs at the new allocation's pace, waves included; a launch under way finishes in
     * the time it had left, whatever the allocation.
     */
    void resize(JobView job, int cpus);

    /** The share of a running job's work done so far, in [0, 1] (0 for a job not running). */
    double workDone(JobView job);

    /**
     * A running job's stages as its event log would show them now: tasks finished and running, and the time its
     * finished tasks took (empty for a job not running).
     */
    List<StageSnapshot> stages(JobView job);

    /** Tasks a running job has started so far (what its event log would show). */
    long tasksStarted(JobView job);

    /**
     * Calls the policy back ({@link Policy#woke}) for the job at {@code at} (≥ now): a policy whose job waits for time
     * to pass (a reservation's queue to open, a retry, a move before its reservation ends) asks to be woken then.
     */
    void wakeAt(JobView job, double at);
}
