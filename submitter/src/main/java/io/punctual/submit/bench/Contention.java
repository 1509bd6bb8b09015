package io.punctual.submit.bench;

import io.punctual.history.eventlog.EventLogParser;
import io.punctual.history.run.ReadOutcome;
import io.punctual.history.source.LocalLogFileSystem;
import io.punctual.history.source.SingleEventLog;
import io.punctual.workloads.suite.SparkApp;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The busy cluster a policy runs on: one best-effort background application in the site's best-effort queue
 * holding about {@code fraction} of the cluster's vcores (its master and executors) for as long as the policy runs,
 * deleted at its end. Its tasks sleep, so it holds YARN's capacity, which is what the policies compete for, without
 * slowing the measured jobs' CPUs on a small machine.
 */
public final class Contention implements AutoCloseable {

    private static final String APP = "io.punctual.workloads.SyntheticStages";
    /** Long enough to outlast any policy's run: it is deleted at the run's end. */
    private static final int TASK_MS = 2000;
    private static final int TASKS_PER_SLOT = 7200;
    private static final long READY_WAIT_MS = 120_000;

    private final BatchRunner runner;
    private final List<Integer> batches;

    private Contention(BatchRunner runner, List<Integer> batches) {
        this.runner = runner;
        this.batches = List.copyOf(batches);
    }

    /** No background at all. */
    public static Contention none(BatchRunner runner) {
        return new Contention(runner, List.of());
    }

    /**
     * Starts the background and waits (up to two minutes) until its executors are up, so the policy starts on a
     * cluster that is already busy.
     */
    public static Contention start(BatchRunner runner, Workload workload, EventLogs logs, double fraction,
                                   int clusterVcores, int cores, String queue, Progress progress) {
        if (fraction <= 0) {
            return none(runner);
        }
        int executors = executors(fraction, clusterVcores, cores);
        int tasks = Math.min(200_000, executors * cores * TASKS_PER_SLOT);
        SparkApp app = new SparkApp("contention", APP, List.of("1", Integer.toString(tasks),
                Integer.toString(TASK_MS), "0", "1"));
        BatchBody body = BatchBody.of(workload.jar(), app, "bench-contention", "bench.contention",
                Optional.of(executors), cores, Optional.of(queue), Map.of());
        BatchView batch = runner.start(body);
        Contention contention = new Contention(runner, List.of(batch.id()));
        progress.say("contention: batch " + batch.id() + " holds " + executors + " executor(s) of " + cores
                + " core(s) and its master in queue " + queue + " (" + Math.round(fraction * 100) + "% of "
                + clusterVcores + " vcores)");
        contention.awaitExecutors(batch.id(), executors, logs, progress);
        return contention;
    }

    /** Executors beside the master that make about {@code fraction} of the cluster's vcores: at least one. */
    static int executors(double fraction, int clusterVcores, int cores) {
        return Math.max(1, (int) Math.round((fraction * clusterVcores - cores) / cores));
    }

    public List<Integer> batches() {
        return batches;
    }

    private void awaitExecutors(int id, int wanted, EventLogs logs, Progress progress) {
        long giveUp = System.currentTimeMillis() + READY_WAIT_MS;
        while (runner.guard().sleep(1000) && System.currentTimeMillis() < giveUp) {
            BatchView batch = runner.look(id);
            if (batch.isFinal()) {
                progress.say("contention: batch " + id + " ended early (" + batch.failure() + "); the policy runs"
                        + " without it");
                return;
            }
            int up = batch.appId().flatMap(logs::find).map(Contention::executorsUp).orElse(0);
            if (up >= wanted) {
                progress.say("contention: " + up + " executor(s) up");
                return;
            }
        }
        progress.say("contention: not all executors up after " + READY_WAIT_MS / 1000 + " s; going on");
    }

    /** Executors alive in a running application's (in-progress) event log. */
    private static int executorsUp(Path log) {
        try {
            LocalLogFileSystem fs = new LocalLogFileSystem();
            ReadOutcome outcome = new SingleEventLog(fs, fs.stat(log.toString())).read(new EventLogParser());
            return outcome instanceof ReadOutcome.Read read
                    ? (int) read.run().executors().stream().filter(e -> e.removedMs().isEmpty()).count() : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    /** Deletes the background batches. */
    @Override
    public void close() {
        for (int id : batches) {
            try {
                runner.kill(id);
                runner.guard().done(id);
            } catch (RuntimeException e) {
                // Its application goes on until YARN or the next gateway round reaps it; the run is not lost.
            }
        }
    }
}
