package io.punctual.submit.learn;

import io.punctual.history.run.RunRecord;
import io.punctual.history.run.StageRun;
import io.punctual.sizing.width.ParallelWork;
import io.punctual.sizing.width.ParallelWorkPrior;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The newest finished runs' work per task and serial tail ({@link ParallelWorkPrior}) among the {@link LearnedTexts}
 * ({@value #NAME}), one run per line ({@code perTaskSeconds tailSeconds width laterStageRatio}; lines written before
 * ratios were have the first three, before widths the first two). A line that does not read so is skipped.
 */
final class StoredParallelWork {

    static final String NAME = "parallel-work.txt";

    private final RecentLines lines;
    private volatile Parsed parsed;

    StoredParallelWork(LearnedTexts texts) {
        this.lines = new RecentLines(texts, NAME, ParallelWorkPrior.KEPT);
    }

    /**
     * The prior, parsed again only when the text changed: a running job asks for it at every report while it is
     * re-planned, and the text changes only when a run is learned (here or by another gateway sharing the texts).
     */
    ParallelWorkPrior read() {
        Optional<Object> version = lines.version();
        Parsed last = parsed;
        if (last != null && last.version().equals(version)) {
            return last.prior();
        }
        ParallelWorkPrior prior = parse();
        parsed = new Parsed(version, prior);
        return prior;
    }

    private record Parsed(Optional<Object> version, ParallelWorkPrior prior) {
    }

    private ParallelWorkPrior parse() {
        List<ParallelWork> runs = new ArrayList<>();
        for (String line : lines.read()) {
            String[] fields = line.split("\\s+");
            try {
                if (fields.length >= 2 && fields.length <= 4) {
                    runs.add(new ParallelWork(Double.parseDouble(fields[0]), Double.parseDouble(fields[1]),
                            fields.length >= 3 ? Integer.parseInt(fields[2]) : ParallelWork.UNKNOWN_WIDTH,
                            fields.length == 4 ? Double.parseDouble(fields[3]) : ParallelWork.ONE_STAGE));
                }
            } catch (IllegalArgumentException skipped) {
                // A damaged line teaches nothing; the others still do.
            }
        }
        return new ParallelWorkPrior(runs);
    }

    /** Records the run's split; a run without stages has none. */
    void record(RunRecord run) {
        List<StageRun> stages = run.stages();
        if (stages.isEmpty()) {
            return;
        }
        double[] seconds = new double[stages.size()];
        double[] longest = new double[stages.size()];
        int[] tasks = new int[stages.size()];
        for (int s = 0; s < seconds.length; s++) {
            seconds[s] = stages.get(s).taskTimeMs() / 1000.0 * run.taskCpus();
            longest[s] = stages.get(s).maxTaskMs() / 1000.0;
            tasks[s] = stages.get(s).taskMillis().length;
        }
        ParallelWork work = ParallelWork.of(seconds, longest, tasks, Math.max(1, run.maxStageTasks()));
        lines.append(String.format(Locale.ROOT, "%.3f %.3f %d %.4f", work.perTaskSeconds(), work.tailSeconds(),
                work.width(), work.laterStageRatio()));
    }
}
