package io.punctual.history.model;

import io.punctual.history.run.RunRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Sorts a job's trainable runs into those that can say how wall time depends on the executor count and sentences
 * about the rest: runs without an end, without tasks or executors, or whose clocks disagree are left out, and what the
 * remaining runs cannot tell (one executor count only, a drifting input) is said rather than guessed around.
 */
final class RunScreen {

    /** Tasks adding up to more than this share above executors × slots × wall time mean the clocks disagree. */
    private static final double SKEW_TOLERANCE = 1.1;
    /** Input sizes this many times apart make one job's runs different workloads. */
    static final double DRIFT_WARNING = 10;

    /** Runs cross-validation may use, and what the runs leave unknown. */
    record Screened(List<RunRecord> usable, List<String> doubts) {
        Screened {
            usable = List.copyOf(usable);
            doubts = List.copyOf(doubts);
        }
    }

    private RunScreen() {
    }

    static Screened of(List<RunRecord> trainable) {
        List<RunRecord> usable = new ArrayList<>();
        List<String> doubts = new ArrayList<>();
        int unended = 0;
        int taskless = 0;
        for (RunRecord run : trainable) {
            if (run.wallTimeMs().isEmpty() || run.wallTimeMs().getAsLong() <= 0 || run.executorsMax() < 1) {
                unended++;
            } else if (run.totals().tasks() == 0 || run.maxStageTasks() == 0) {
                taskless++;
            } else if (skewed(run)) {
                doubts.add(String.format(Locale.ROOT, "run %s: its tasks add up to more time than %d executors could"
                        + " give in its %.1f s wall time, so driver and executor clocks disagree; left out", run.id(),
                        run.executorsMax(), run.wallTimeMs().getAsLong() / 1000.0));
            } else {
                usable.add(run);
            }
        }
        if (unended > 0) {
            doubts.add(unended + " run(s) have no application end or no executors: left out");
        }
        if (taskless > 0) {
            doubts.add(taskless + " run(s) ran no tasks, so they say nothing about executors: left out");
        }
        singleCount(usable).ifPresent(doubts::add);
        drift(usable).ifPresent(doubts::add);
        return new Screened(usable, doubts);
    }

    private static boolean skewed(RunRecord run) {
        double slots = Math.max(1, run.coresPerExecutor() / run.taskCpus());
        double capacityMs = run.wallTimeMs().getAsLong() * run.executorsMax() * slots;
        return run.totals().taskTimeMs() > capacityMs * SKEW_TOLERANCE;
    }

    private static java.util.Optional<String> singleCount(List<RunRecord> usable) {
        long counts = usable.stream().mapToInt(RunRecord::executorsMax).distinct().count();
        if (counts != 1) {
            return java.util.Optional.empty();
        }
        int n = usable.get(0).executorsMax();
        String fewer = n > 1 ? "fewer than " + n + " are assumed to slow the work in proportion, " : "";
        return java.util.Optional.of("every usable run had " + n + " executor" + (n == 1 ? "" : "s") + ", so how the"
                + " executor count changes the runtime cannot be known: " + fewer + "more are assumed to bring no"
                + " speed-up; run the job at another count to learn it");
    }

    private static java.util.Optional<String> drift(List<RunRecord> usable) {
        long[] inputs = usable.stream().mapToLong(r -> r.totals().inputBytes()).filter(b -> b > 0).sorted().toArray();
        if (inputs.length < 2 || inputs[inputs.length - 1] < DRIFT_WARNING * inputs[0]) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(String.format(Locale.ROOT, "input varies %.0f-fold between runs (%d to %d bytes):"
                        + " the runs are different workloads; the replay scales to the latest input, the curves"
                        + " ignore input, so expect larger errors until runs of a similar size accumulate",
                (double) inputs[inputs.length - 1] / inputs[0], inputs[0], inputs[inputs.length - 1]));
    }
}
