package io.punctual.sizing.rayon;

import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.rdl.Rdl;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Turns sized Spark jobs into RDL (Rayon, SoCC 2014, Section 3.1, "Deriving RDL from user jobs"): a job is
 * {@code atom(b, g, h, l, w)} with b = one executor container, g = the fewest executors it may run with (g = h is a
 * gang), h = the most it can use, l = its p99 task time (so a granted executor lives long enough for a task to end),
 * w = its demand in executor-seconds; a deadline job sits in {@code window(now, deadline)}. A pipeline of jobs (an
 * Airflow DAG run) is an {@code order} of stages, each stage an {@code all} of the jobs that may run together.
 *
 * <p>Seconds round up to whole seconds. A demand below one lease of g executors (g·l) is raised to it: no allocation
 * can be smaller. Deadlines at or before {@code now} are not refused here; {@code RdlCompiler} explains them.
 */
public final class SparkReservations {

    private SparkReservations() {
    }

    /** A Spark job as sizing left it. */
    public record SizedSparkJob(Resources executor, int minExecutors, int maxExecutors, double p99TaskSeconds,
                                double executorSeconds) {
        public SizedSparkJob {
            Objects.requireNonNull(executor, "executor");
            if (minExecutors < 1 || maxExecutors < minExecutors) {
                throw new IllegalArgumentException("executors must satisfy 1 <= min <= max, got min " + minExecutors
                        + ", max " + maxExecutors);
            }
            if (!(p99TaskSeconds > 0) || Double.isInfinite(p99TaskSeconds)) {
                throw new IllegalArgumentException("p99 task time must be a positive number of seconds, got "
                        + p99TaskSeconds);
            }
            if (!(executorSeconds >= 0) || Double.isInfinite(executorSeconds)) {
                throw new IllegalArgumentException("demand must be a non-negative number of executor-seconds, got "
                        + executorSeconds);
            }
        }
    }

    /** The job's atom, without a window. */
    public static Rdl.Atom atom(SizedSparkJob job) {
        long lease = (long) Math.ceil(job.p99TaskSeconds());
        long work = Math.max((long) Math.ceil(job.executorSeconds()), Math.multiplyExact(lease, job.minExecutors()));
        return Rdl.atom(job.executor(), job.minExecutors(), job.maxExecutors(), lease, work);
    }

    /** {@code window(atom(job), now, deadline)}: the reservation of one deadline job. */
    public static Rdl.Window reservation(SizedSparkJob job, long now, long deadline) {
        return Rdl.window(atom(job), now, deadline);
    }

    /**
     * {@code window(order(all(stage 1 jobs), all(stage 2 jobs), ...), now, deadline)}: every job of a stage may run
     * together; a stage starts when the one before it has finished.
     */
    public static Rdl.Window pipeline(List<List<SizedSparkJob>> stages, long now, long deadline) {
        if (stages.isEmpty() || stages.stream().anyMatch(List::isEmpty)) {
            throw new IllegalArgumentException("a pipeline needs at least one stage and no empty stage, got " + stages);
        }
        List<Rdl> order = new ArrayList<>();
        for (List<SizedSparkJob> stage : stages) {
            List<Rdl> jobs = stage.stream().<Rdl>map(SparkReservations::atom).toList();
            order.add(jobs.size() == 1 ? jobs.get(0) : new Rdl.All(jobs));
        }
        return Rdl.window(order.size() == 1 ? order.get(0) : new Rdl.Order(order), now, deadline);
    }
}
