package io.punctual.history.model;

import io.punctual.sizing.JobKey;
import io.punctual.history.run.RunId;
import io.punctual.history.run.RunRecord;
import io.punctual.sizing.RuntimeCurve;
import io.punctual.sizing.rush.RunDemand;

import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * What Punctual knows about one recurring job from its recorded runs — RUSH's distribution estimator
 * (rush-robust-scheduler, Section IV "Distribution Estimator"; the reference distribution φ of Section III) and
 * the history-based prediction Rayon assumes for periodic jobs (rayon-reservation-based-scheduling, Section 3):
 * <ul>
 *   <li>the demand distribution in executor-core-seconds (RUSH's container-time v; Rayon's atom work w), each
 *       run's task time corrected for input drift and to the latest run's executor count;</li>
 *   <li>the task-duration distribution (Rayon's minimum lease l = the p99 task time), corrected the same way;</li>
 *   <li>the max parallelism (Rayon's h: the widest stage);</li>
 *   <li>the runtime-vs-executors curve: every training run is replayed on N executors ({@link ListScheduler} over
 *       its stage DAG, task times scaled for input drift and by {@link ExecutorScaling} from the run's executor
 *       count to N), its driver-only time (shifted by the same scaling) and the launch overhead are added, and
 *       quantiles are taken over the runs.</li>
 * </ul>
 * The replay alone never predicts more executors slower; the whole curve may rise with N where the job's runs show
 * that executors cost time (start-up, contention), which sizing should see rather than have hidden.
 * Immutable; build one with {@link RuntimeModels#train}.
 */
public final class RuntimeModel implements RuntimeCurve {

    private final JobKey jobKey;
    private final List<RunReplay> replays;
    private final double[] driftFactors;
    private final InputDrift drift;
    private final ExecutorScaling scaling;
    private final Duration launchOverhead;
    private final int coresPerExecutor;
    private final int taskCpus;
    private final DemandDistribution demand;
    private final List<RunDemand> runDemands;
    private final double[] sortedTaskMillis;
    private final int maxStageTasks;

    RuntimeModel(JobKey jobKey, List<RunReplay> replays, InputDrift drift, ExecutorScaling scaling,
                 ModelSettings settings) {
        if (replays.isEmpty()) {
            throw new IllegalArgumentException("a runtime model for " + jobKey + " needs at least one training run");
        }
        this.jobKey = jobKey;
        this.replays = List.copyOf(replays);
        this.drift = drift;
        this.scaling = scaling;
        this.launchOverhead = settings.launchOverhead();
        RunRecord latest = replays.stream().map(RunReplay::run).max(Comparator.comparingLong(RunRecord::startMs))
                .orElseThrow();
        this.coresPerExecutor = settings.coresPerExecutor().orElse(latest.coresPerExecutor());
        this.taskCpus = latest.taskCpus();
        this.driftFactors = replays.stream().mapToDouble(r -> drift.factor(r.run().totals().inputBytes())).toArray();
        int referenceExecutors = latest.executorsMax();
        double[] demandSamples = new double[replays.size()];
        int taskCount = replays.stream().flatMap(r -> r.run().stages().stream())
                .mapToInt(s -> s.taskMillis().length).sum();
        double[] taskMillis = new double[taskCount];
        int filled = 0;
        for (int i = 0; i < replays.size(); i++) {
            RunRecord run = replays.get(i).run();
            double factor = driftFactors[i] * scaling.taskFactor(run.executorsMax(), referenceExecutors);
            demandSamples[i] = factor * replays.get(i).demandCoreMs() / 1000.0;
            for (var stage : run.stages()) {
                for (int ms : stage.taskMillis()) {
                    taskMillis[filled++] = factor * ms;
                }
            }
        }
        Arrays.sort(taskMillis);
        this.sortedTaskMillis = taskMillis;
        this.demand = new DemandDistribution(demandSamples);
        this.runDemands = runDemands(replays, demandSamples);
        this.maxStageTasks = replays.stream().mapToInt(r -> r.run().maxStageTasks()).max().orElse(0);
    }

    public JobKey jobKey() {
        return jobKey;
    }

    /** Task slots one executor offers: its cores divided by the cores a task takes. */
    public int slotsPerExecutor() {
        return Math.max(1, coresPerExecutor / taskCpus);
    }

    @Override
    public double wallSeconds(int executors, double quantile) {
        Quantiles.checkQuantile(quantile);
        double[] predictions = predictionsMs(executors);
        Arrays.sort(predictions);
        return Quantiles.nearestRank(predictions, quantile) / 1000.0;
    }

    /** p50 / p90 / p95 / p99 of the predicted wall time at {@code executors}. */
    public WallTimeQuantiles predict(int executors) {
        double[] predictions = predictionsMs(executors);
        Arrays.sort(predictions);
        return new WallTimeQuantiles(executors, Quantiles.nearestRank(predictions, 0.5) / 1000.0,
                Quantiles.nearestRank(predictions, 0.9) / 1000.0, Quantiles.nearestRank(predictions, 0.95) / 1000.0,
                Quantiles.nearestRank(predictions, 0.99) / 1000.0);
    }

    /**
     * Each training run's predicted wall time in milliseconds at {@code executors}, in training-run order: launch
     * overhead + driver-only time shifted to {@code executors} + the replay on that many executors' slots, its task
     * times scaled for input drift and executor count.
     */
    public double[] predictionsMs(int executors) {
        if (executors < 1) {
            throw new IllegalArgumentException("a prediction needs at least one executor, got " + executors);
        }
        double slots = (double) executors * slotsPerExecutor();
        double[] out = new double[replays.size()];
        for (int i = 0; i < out.length; i++) {
            RunReplay replay = replays.get(i);
            int recorded = replay.run().executorsMax();
            double driverMs = Math.max(0, replay.driverOnlyMs() + scaling.driverShiftMs(recorded, executors));
            double taskFactor = driftFactors[i] * scaling.taskFactor(recorded, executors);
            out[i] = launchOverhead.toMillis() + driverMs + taskFactor * replay.executorMs(slots);
        }
        return out;
    }

    /** Launch overhead + the median driver-only time shifted to {@code executors}: the part no executor works in. */
    @Override
    public double driverSeconds(int executors) {
        if (executors < 1) {
            throw new IllegalArgumentException("a prediction needs at least one executor, got " + executors);
        }
        double[] driver = new double[replays.size()];
        for (int i = 0; i < driver.length; i++) {
            RunReplay replay = replays.get(i);
            driver[i] = Math.max(0, replay.driverOnlyMs() + scaling.driverShiftMs(replay.run().executorsMax(), executors));
        }
        Arrays.sort(driver);
        return (launchOverhead.toMillis() + Quantiles.nearestRank(driver, 0.5)) / 1000.0;
    }

    @Override
    public String assurance(int executors) {
        return "DAG replay of " + replays.size() + " run(s), not cross-validated over executor counts ("
                + scaling.method() + ")";
    }

    @Override
    public int maxUsefulExecutors() {
        return (int) Math.max(1, (long) Math.ceil((double) maxStageTasks / slotsPerExecutor()));
    }

    /** The widest stage's task count over all training runs (Rayon's h, in tasks). */
    public int maxParallelism() {
        return maxStageTasks;
    }

    public DemandDistribution demand() {
        return demand;
    }

    /**
     * Each training run's demand (as in {@link #demand()}) with the executor count it ran with, oldest first: RUSH
     * estimates its spread at one count, not pooled across counts.
     */
    public List<RunDemand> runDemands() {
        return runDemands;
    }

    private static List<RunDemand> runDemands(List<RunReplay> replays, double[] demandSamples) {
        Integer[] order = new Integer[replays.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingLong(i -> replays.get(i).run().startMs()));
        return Arrays.stream(order).map(i -> new RunDemand(Math.max(1, replays.get(i).run().executorsMax()),
                demandSamples[i])).toList();
    }

    /** Task duration at quantile {@code q} over every task of every training run, drift-corrected. */
    public double taskSeconds(double q) {
        return sortedTaskMillis.length == 0 ? 0 : Quantiles.nearestRank(sortedTaskMillis, q) / 1000.0;
    }

    public double p99TaskSeconds() {
        return taskSeconds(0.99);
    }

    public int coresPerExecutor() {
        return coresPerExecutor;
    }

    public int taskCpus() {
        return taskCpus;
    }

    public InputDrift inputDrift() {
        return drift;
    }

    public ExecutorScaling executorScaling() {
        return scaling;
    }

    public Duration launchOverhead() {
        return launchOverhead;
    }

    public List<RunId> trainingRuns() {
        return replays.stream().map(r -> r.run().id()).toList();
    }

    /** Median driver-only seconds over the training runs. */
    public double driverOnlySeconds() {
        double[] driver = replays.stream().mapToDouble(RunReplay::driverOnlyMs).sorted().toArray();
        return Quantiles.nearestRank(driver, 0.5) / 1000.0;
    }

    /** The same runs re-weighed for a next run that reads {@code inputBytes}. */
    public RuntimeModel forInputBytes(long inputBytes) {
        return new RuntimeModel(jobKey, replays, drift.withReference(inputBytes), scaling,
                new ModelSettings(launchOverhead, java.util.OptionalInt.of(coresPerExecutor),
                        java.util.OptionalLong.of(inputBytes)));
    }
}
