package io.punctual.bench.simulator;

import io.punctual.history.run.ExecutorSpan;
import io.punctual.history.run.RunRecord;
import io.punctual.history.run.StageRun;
import io.punctual.history.store.FileHistoryStore;
import io.punctual.simulate.workload.SimJob;
import io.punctual.simulate.workload.TaskModel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How far the simulator's execution model is from real runs: every stored run (real Spark on the embedded YARN) is
 * replayed as a simulated job — its stages' task counts and mean task times, on its own executors × cores — and the
 * simulated time is compared with the real one: the executor phase alone (first task to last), and the whole
 * application, once with the run's own launch time and once with the task model's fixed launch. The store is only
 * read.
 *
 * <pre>
 * java -cp benchmarks/target/punctual-benchmarks.jar:$(cat benchmarks/target/benchmarks.classpath) \
 *     io.punctual.bench.simulator.Calibration &lt;history store dir&gt; [--out file.md]
 * </pre>
 */
public final class Calibration {

    private Calibration() {
    }

    public static void main(String[] argv) throws IOException {
        if (argv.length == 0 || argv[0].startsWith("--")) {
            throw new IllegalArgumentException("usage: Calibration <history store dir> [--out file.md]  (the store"
                    + " dir holds runs/ and sources/, e.g. $PUNCTUAL_HOME/history)");
        }
        Path root = Path.of(argv[0]);
        if (!Files.isDirectory(root.resolve("runs"))) {
            throw new IllegalArgumentException(root + " is not a history store: it has no runs/ directory");
        }
        String report = report(FileHistoryStore.open(root).runs(Optional.empty()).runs());
        System.out.print(report);
        if (argv.length == 3 && argv[1].equals("--out")) {
            Files.writeString(Path.of(argv[2]), report);
        }
    }

    static String report(List<RunRecord> runs) {
        StringBuilder table = new StringBuilder("| job | executors x cores | real executor phase s | simulated s | error |"
                + " real wall s | simulated, own launch | error | simulated, model launch | error |\n"
                + "|---|---|---|---|---|---|---|---|---|---|\n");
        List<Double> phase = new ArrayList<>();
        List<Double> own = new ArrayList<>();
        List<Double> model = new ArrayList<>();
        for (RunRecord run : runs) {
            Optional<Row> row = row(run);
            if (row.isEmpty()) {
                continue;
            }
            Row r = row.get();
            phase.add(error(r.simulatedPhase, r.realPhase));
            own.add(error(r.launch + r.simulatedPhase, r.realWall));
            model.add(error(TaskModel.DEFAULT.launchSeconds() + r.simulatedPhase, r.realWall));
            table.append(String.format(Locale.ROOT, "| %s | %d x %d | %.1f | %.1f | %.0f%% | %.1f | %.1f | %.0f%% | %.1f |"
                    + " %.0f%% |%n", run.jobKey(), r.executors, r.cores, r.realPhase, r.simulatedPhase,
                    100 * phase.get(phase.size() - 1), r.realWall, r.launch + r.simulatedPhase,
                    100 * own.get(own.size() - 1), TaskModel.DEFAULT.launchSeconds() + r.simulatedPhase,
                    100 * model.get(model.size() - 1)));
        }
        return table.append(String.format(Locale.ROOT, "%nRuns: %d. Median |error|: executor phase %.0f%%, whole"
                + " application with its own launch %.0f%%, with the model's %.0f s launch %.0f%%.%n", phase.size(),
                100 * median(phase), 100 * median(own), TaskModel.DEFAULT.launchSeconds(), 100 * median(model)))
                .toString();
    }

    private record Row(int executors, int cores, double realPhase, double simulatedPhase, double realWall,
                       double launch) {
    }

    private static Optional<Row> row(RunRecord run) {
        List<StageRun> stages = run.stages().stream().filter(s -> s.numTasks() > 0 && s.taskMillis().length > 0)
                .toList();
        if (!run.trainable() || run.wallTimeMs().isEmpty() || stages.isEmpty()) {
            return Optional.empty();
        }
        int executors = (int) run.executors().stream().filter(e -> !e.executorId().equals("driver")).count();
        int cores = run.executors().stream().mapToInt(ExecutorSpan::cores).max().orElse(run.coresPerExecutor());
        int[] tasks = stages.stream().mapToInt(StageRun::numTasks).toArray();
        double[] seconds = stages.stream().mapToDouble(s -> Arrays.stream(s.taskMillis()).average().orElse(0) / 1000)
                .toArray();
        double simulated = new SimJob.Stages(tasks, seconds).execSeconds(Math.max(1, executors * cores
                / run.taskCpus()));
        long first = stages.stream().mapToLong(StageRun::firstLaunchMs).min().orElseThrow();
        long last = stages.stream().mapToLong(StageRun::lastFinishMs).max().orElseThrow();
        return Optional.of(new Row(executors, cores, (last - first) / 1000.0, simulated,
                run.wallTimeMs().getAsLong() / 1000.0, (first - run.startMs()) / 1000.0));
    }

    private static double error(double simulated, double real) {
        return Math.abs(simulated - real) / real;
    }

    private static double median(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return sorted[(sorted.length - 1) / 2];
    }
}
