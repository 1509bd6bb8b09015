package io.punctual.bench.history;

import io.punctual.history.model.LeaveOneOut;
import io.punctual.history.model.ModelSettings;
import io.punctual.history.model.RuntimeModel;
import io.punctual.history.model.RuntimeModels;
import io.punctual.history.model.TrainingOutcome;
import io.punctual.history.run.RunRecord;
import io.punctual.history.store.FileHistoryStore;
import io.punctual.history.store.StoreScan;
import io.punctual.sizing.JobKey;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Issue 3's accuracy measure over runs already stored, without running Spark: for every job key in a
 * {@code FileHistoryStore} directory (or the one given), each trainable run is predicted from the others
 * ({@link LeaveOneOut}), once replaying recorded times unchanged and once with the executor scaling fitted, and
 * both tables are printed in Markdown. The store is only read.
 *
 * <pre>
 * java -cp benchmarks/target/punctual-benchmarks.jar:$(cat benchmarks/target/benchmarks.classpath) \
 *     io.punctual.bench.history.OfflineAccuracy &lt;store dir&gt; [--job team/name] [--out file.md]
 * </pre>
 */
public final class OfflineAccuracy {

    private OfflineAccuracy() {
    }

    public static void main(String[] argv) throws IOException {
        if (argv.length == 0 || argv[0].startsWith("--")) {
            throw new IllegalArgumentException("usage: OfflineAccuracy <history store dir> [--job team/name] "
                    + "[--out file.md]  (the store dir holds runs/ and sources/, e.g. $PUNCTUAL_HOME/history)");
        }
        Path root = Path.of(argv[0]);
        Optional<JobKey> only = Optional.empty();
        Optional<Path> out = Optional.empty();
        for (int i = 1; i < argv.length; i++) {
            switch (argv[i]) {
                case "--job" -> only = Optional.of(JobKey.parse(argv[++i]));
                case "--out" -> out = Optional.of(Path.of(argv[++i]));
                default -> throw new IllegalArgumentException("unknown option " + argv[i]
                        + "; expected --job team/name or --out file.md");
            }
        }
        if (!Files.isDirectory(root.resolve("runs"))) {
            throw new IllegalArgumentException(root + " is not a history store: it has no runs/ directory");
        }
        String report = report(FileHistoryStore.open(root), only);
        System.out.print(report);
        if (out.isPresent()) {
            Files.writeString(out.get(), report);
        }
    }

    static String report(FileHistoryStore store, Optional<JobKey> only) {
        StringBuilder text = new StringBuilder();
        List<JobKey> keys = only.map(List::of).orElseGet(store::jobKeys);
        for (JobKey key : keys) {
            StoreScan scan = store.runs(Optional.of(key));
            scan.problems().forEach(p -> text.append("unreadable: ").append(p).append('\n'));
            text.append(section(key, scan.runs()));
        }
        return text.toString();
    }

    private static String section(JobKey key, List<RunRecord> runs) {
        StringBuilder text = new StringBuilder("## ").append(key).append("\n\n");
        ModelSettings plain = ModelSettings.DEFAULT.withoutExecutorScaling();
        text.append("### Recorded times replayed unchanged (before)\n\n")
                .append(AccuracyTable.markdown(LeaveOneOut.evaluate(key, runs, plain)));
        text.append("### With the executor scaling (after)\n\n")
                .append(AccuracyTable.markdown(LeaveOneOut.evaluate(key, runs, ModelSettings.DEFAULT)));
        text.append("Noise floor: ").append(AccuracyTable.summary(sameCountMean(key, runs))).append(" when each run is")
                .append(" \"predicted\" by the mean wall time of all runs at its executor count, itself included: runs")
                .append(" that differ only in when they ran already differ this much.\n\n");
        CountTable.of(key, runs).ifPresent(v -> text.append("### Leave-one-count-out (each executor count predicted")
                .append(" from the others)\n\n").append(CountTable.markdown(v)));
        TrainingOutcome all = RuntimeModels.train(key, runs, ModelSettings.DEFAULT);
        if (all instanceof TrainingOutcome.Trained trained) {
            RuntimeModel model = trained.model();
            text.append("Executor scaling over all ").append(model.trainingRuns().size()).append(" runs: ")
                    .append(model.executorScaling().method()).append(".\n\n");
        }
        return text.toString();
    }

    /** The error left when every run is given the mean wall time of the runs at its executor count (in-sample). */
    static LeaveOneOut.Result sameCountMean(JobKey key, List<RunRecord> runs) {
        List<RunRecord> trainable = runs.stream().filter(r -> r.trainable() && r.wallTimeMs().isPresent()).toList();
        Map<Integer, Double> mean = trainable.stream().collect(Collectors.groupingBy(OfflineAccuracy::executors,
                Collectors.averagingDouble(r -> r.wallTimeMs().getAsLong() / 1000.0)));
        List<LeaveOneOut.Trial> trials = trainable.stream().map(r -> new LeaveOneOut.Trial(r.id(), executors(r),
                r.wallTimeMs().getAsLong() / 1000.0, mean.get(executors(r)))).toList();
        return new LeaveOneOut.Result(key, trials);
    }

    private static int executors(RunRecord run) {
        return Math.max(1, run.executorsMax());
    }
}
