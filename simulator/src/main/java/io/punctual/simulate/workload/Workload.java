package io.punctual.simulate.workload;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/** A trace turned into simulated jobs: tasks by the {@link TaskModel}, deadlines by a {@link DeadlineType}. */
public final class Workload {

    private Workload() {
    }

    /** Reads {@code trace}: a SWIM file, or {@code synthetic:<spec>} generated with {@code seed}. */
    public static List<TraceJob> trace(String trace, long seed) {
        if (trace.startsWith(SyntheticTrace.PREFIX)) {
            return SyntheticTrace.parse(trace.substring(SyntheticTrace.PREFIX.length())).generate(seed);
        }
        return SwimTrace.read(Path.of(trace));
    }

    /** Jobs in arrival order; each job's noise and deadline multiple come from its own stream of {@code seed}. */
    public static List<SimJob> jobs(List<TraceJob> trace, TaskModel model, DeadlineType deadlines, long seed) {
        if (trace.isEmpty()) {
            throw new TraceException("the trace has no jobs");
        }
        List<TraceJob> ordered = new ArrayList<>(trace);
        ordered.sort(Comparator.comparingDouble(TraceJob::submitSeconds));
        double start = ordered.get(0).submitSeconds();
        SplittableRandom root = new SplittableRandom(seed);
        List<SimJob> jobs = new ArrayList<>(ordered.size());
        for (int i = 0; i < ordered.size(); i++) {
            TraceJob job = ordered.get(i);
            SplittableRandom random = root.split();
            SimJob.Stages stages = model.stages(job, random);
            double optimal = model.launchSeconds() + stages.execSeconds(stages.widest());
            jobs.add(new SimJob(i, job.id(), job.key(), job.submitSeconds() - start, stages, model.launchSeconds(),
                    optimal * deadlines.multiple(random), job));
        }
        return jobs;
    }
}
