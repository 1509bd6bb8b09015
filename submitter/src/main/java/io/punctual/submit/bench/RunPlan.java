package io.punctual.submit.bench;

import io.punctual.submit.request.InvalidRequest;
import java.util.List;
import java.util.Locale;

/**
 * What one weekly benchmark run measures, as {@code run.json} records it: a run resumed with {@code --resume} must
 * plan the same, or its rows would not compare. Every field is checked here, before anything runs.
 *
 * @param suite            the suite's name ({@code puma}, {@code tpcds}, {@code mixed}, {@code demo})
 * @param jobs             the jobs measured, as the suite names them
 * @param weeksOfHistory   prior runs each job has before the measured run (earlier weekly runs' are reused)
 * @param deadlineMix      factors of the isolated runtime the deadlines are drawn from ({@link DeadlineMix})
 * @param contention       the share of the cluster's vcores best-effort background jobs hold during each policy
 * @param policies         the policies' labels, run one after another ({@link Policy})
 * @param arrivals         {@link Arrivals}' spec
 * @param staticExecutors  the team's fixed executor count under {@code static}
 * @param historyExecutors executor counts the history weeks cycle through (week i runs at the i-th, round again)
 * @param executorCores    cores of every executor the bench asks for
 * @param oracleRuns       runs of each job at each history count under the week's load, which the oracle is then
 *                         taken from ({@link OracleRuns}); 0 takes it from the idle history runs
 * @param verify           every run's answer is checked against a second engine's, where the suite can check it
 *                         ({@link io.punctual.workloads.suite.BenchSuite#checkable}); a run that answers otherwise
 *                         fails
 */
public record RunPlan(String suite, List<String> jobs, String scale, int weeksOfHistory, String deadlineMix,
                      double contention, List<String> policies, long seed, String arrivals, int staticExecutors,
                      List<Integer> historyExecutors, int executorCores, int oracleRuns, boolean verify) {

    /** Above this share the background would leave the measured jobs nothing to run in. */
    public static final double MAX_CONTENTION = 0.9;

    public RunPlan {
        jobs = List.copyOf(jobs);
        policies = List.copyOf(policies);
        historyExecutors = List.copyOf(historyExecutors);
        if (jobs.isEmpty()) {
            throw new InvalidRequest("no jobs to run; --jobs names some of the suite's jobs, or leave it out for all");
        }
        if (weeksOfHistory < 1) {
            throw new InvalidRequest("--weeks-of-history must be at least 1, got " + weeksOfHistory + ": each job's"
                    + " isolated runtime (for its deadline) and the oracle's measurements come from its history runs");
        }
        if (!(contention >= 0 && contention <= MAX_CONTENTION)) {
            throw new InvalidRequest(String.format(Locale.ROOT, "--contention must be a share of the cluster from 0"
                    + " to %.1f (e.g. 0.3), got %s", MAX_CONTENTION, contention));
        }
        if (staticExecutors < 1) {
            throw new InvalidRequest("--static-executors must be at least 1, got " + staticExecutors);
        }
        if (executorCores < 1) {
            throw new InvalidRequest("--executor-cores must be at least 1, got " + executorCores);
        }
        if (oracleRuns < 0) {
            throw new InvalidRequest("--oracle-runs must be 0 (the oracle from the idle history runs) or more, got "
                    + oracleRuns);
        }
        if (historyExecutors.isEmpty() || historyExecutors.stream().anyMatch(n -> n < 1)) {
            throw new InvalidRequest("--history-executors must list executor counts of at least 1 (e.g. 1,2,3,4), got "
                    + historyExecutors);
        }
        DeadlineMix.parse(deadlineMix);
        Policy.list(String.join(",", policies));
        Arrivals.parse(arrivals);
    }

    public DeadlineMix mix() {
        return DeadlineMix.parse(deadlineMix);
    }

    public List<Policy> policyList() {
        return Policy.list(String.join(",", policies));
    }

    public Arrivals arrivalSpec() {
        return Arrivals.parse(arrivals);
    }

    /** The executor count history week {@code week} (from 1) runs at. */
    public int historyExecutorsOf(int week) {
        return historyExecutors.get((week - 1) % historyExecutors.size());
    }
}
