package io.punctual.sizing.justice;

import java.time.Duration;

/** One decision of a Justice admission round, for a separate component to apply. */
public sealed interface AdmissionDecision
        permits AdmissionDecision.Admit, AdmissionDecision.Wait, AdmissionDecision.Drop, AdmissionDecision.Kill {

    /** The id of the job the decision is about. */
    String jobId();

    /**
     * Start the job now with exactly {@code size.executors()} executors; it takes {@code size.grantedCpus()}.
     *
     * @param priority its {@code reqCpus / TTD} in CPUs per second (smaller is served first)
     */
    record Admit(QueuedJob job, CpuEstimate.Sized size, double priority) implements AdmissionDecision {
        @Override
        public String jobId() {
            return job.id();
        }
    }

    /** Still feasible but its whole request did not fit in this round; keep it queued. */
    record Wait(QueuedJob job, CpuEstimate.Sized size, double priority) implements AdmissionDecision {
        @Override
        public String jobId() {
            return job.id();
        }
    }

    /** Remove the job from the queue without running it: it can no longer meet its deadline. */
    record Drop(QueuedJob job, CpuEstimate.Unmeetable reason) implements AdmissionDecision {
        @Override
        public String jobId() {
            return job.id();
        }
    }

    /**
     * Terminate a running job that is past its deadline and larger than the kill threshold, so it stops holding
     * CPUs that feasible jobs could use.
     *
     * @param overdueBy     how far past its deadline it is
     * @param threshold     the kill threshold in tasks that {@code job.tasks()} exceeds
     */
    record Kill(RunningJob job, Duration overdueBy, int threshold) implements AdmissionDecision {
        @Override
        public String jobId() {
            return job.id();
        }

        /** One sentence for operators. */
        public String reason() {
            return "job " + job.id() + " is " + overdueBy + " past its deadline and has " + job.tasks()
                    + " tasks, above the kill threshold of " + threshold + "; killing it frees " + job.cpus()
                    + " CPUs";
        }
    }
}
