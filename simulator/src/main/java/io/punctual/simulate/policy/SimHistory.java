package io.punctual.simulate.policy;

import io.punctual.simulate.engine.FinishedRun;
import io.punctual.simulate.workload.SimJob;
import io.punctual.sizing.RuntimeCurve;
import io.punctual.sizing.rush.RunDemand;
import io.punctual.sizing.sizer.JobHistory;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The simulator's stand-in for the history estimator: per job key, the last {@code window} finished runs as their
 * event logs would show them (task counts and times), turned into the {@link JobHistory} the production sizers read.
 * The curve replays each recorded run's stages at a new executor count — what the estimator's DAG replay does with
 * real task times — and takes the asked quantile across runs.
 */
public final class SimHistory {

    private final int window;
    private final Map<String, Deque<FinishedRun>> runs = new HashMap<>();

    public SimHistory(int window) {
        if (window < 1) {
            throw new IllegalArgumentException("the history window is at least one run");
        }
        this.window = window;
    }

    public void record(FinishedRun run) {
        Deque<FinishedRun> ofKey = runs.computeIfAbsent(run.job().key(), k -> new ArrayDeque<>());
        ofKey.addLast(run);
        if (ofKey.size() > window) {
            ofKey.removeFirst();
        }
    }

    /** The newest recorded run of the job, as its event log tells it. */
    public Optional<FinishedRun> latest(String key) {
        Deque<FinishedRun> kept = runs.get(key);
        return kept == null || kept.isEmpty() ? Optional.empty() : Optional.of(kept.peekLast());
    }

    public Optional<JobHistory> history(String key) {
        Deque<FinishedRun> kept = runs.get(key);
        if (kept == null || kept.isEmpty()) {
            return Optional.empty();
        }
        FinishedRun[] recorded = kept.toArray(FinishedRun[]::new);
        List<RunDemand> demand = new ArrayList<>(recorded.length);
        double launch = 0;
        double longestTask = 0;
        for (int r = 0; r < recorded.length; r++) {
            // the CPUs it held: the simulated YARN gives a run a fixed allocation (a shared run, its average)
            demand.add(new RunDemand(Math.max(1, (int) Math.round(recorded[r].cpus())), recorded[r].stages().work()));
            launch = Math.max(launch, recorded[r].launchSeconds());
            for (double seconds : recorded[r].stages().taskSeconds()) {
                longestTask = Math.max(longestTask, seconds);
            }
        }
        Replay curve = new Replay(recorded);
        return Optional.of(new JobHistory(recorded.length, demand, curve, Duration.ofMillis(Math.round(launch * 1000)),
                longestTask, curve.maxUsefulExecutors()));
    }

    /** Replays recorded runs' stages at other executor counts (one core each). */
    private static final class Replay implements RuntimeCurve {
        private final SimJob.Stages[] stages;
        private final int widest;

        Replay(FinishedRun[] runs) {
            stages = new SimJob.Stages[runs.length];
            int w = 1;
            for (int r = 0; r < runs.length; r++) {
                stages[r] = runs[r].stages();
                w = Math.max(w, stages[r].widest());
            }
            widest = w;
        }

        @Override
        public double wallSeconds(int executors, double quantile) {
            double[] times = new double[stages.length];
            for (int r = 0; r < stages.length; r++) {
                times[r] = stages[r].execSeconds(executors);
            }
            Arrays.sort(times);
            int at = (int) Math.min(times.length - 1, Math.max(0, Math.ceil(quantile * times.length) - 1));
            return times[at];
        }

        @Override
        public int maxUsefulExecutors() {
            return widest;
        }
    }
}
