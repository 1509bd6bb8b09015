package io.punctual.submit.pipeline;

import io.punctual.sizing.replan.StageProgress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A running application's stages as its event log tells them, for re-planning (issue 25): each stage's task count
 * (from its job's start, before any of its tasks runs), the durations of its finished tasks and the launch times of
 * its running ones. A stage its job listed but never submitted while a later one ran was skipped (its output was
 * already computed) and is left out; a stage whose job ended is done.
 */
final class StageTimes {

    private static final Pattern STAGE_INFO = Pattern.compile(
            "\"Stage ID\":(\\d+),\"Stage Attempt ID\":\\d+,\"Stage Name\":\"(?:[^\"\\\\]|\\\\.)*\",\"Number of Tasks\":(\\d+)");
    private static final Pattern STAGE_ID = Pattern.compile("\"Stage ID\":(\\d+)");
    private static final Pattern TASK_ID = Pattern.compile("\"Task ID\":(\\d+)");
    private static final Pattern LAUNCH = Pattern.compile("\"Launch Time\":(\\d+)");
    private static final Pattern FINISH = Pattern.compile("\"Finish Time\":(\\d+)");
    private static final Pattern JOB_ID = Pattern.compile("\"Job ID\":(\\d+)");

    /** Per stage id: its tasks, finished durations (s), and running tasks' launch times (ms) by task id. */
    private final TreeMap<Integer, Stage> stages = new TreeMap<>();
    private final Map<Integer, List<Integer>> stagesOfJob = new HashMap<>();
    private final Set<Integer> submitted = new HashSet<>();

    private static final class Stage {
        final int tasks;
        final List<Double> finished = new ArrayList<>();
        final Map<Long, Long> running = new HashMap<>();
        boolean done;

        Stage(int tasks) {
            this.tasks = tasks;
        }
    }

    void read(String line) {
        if (line.startsWith("{\"Event\":\"SparkListenerJobStart\"")) {
            int job = group(JOB_ID, line).orElse(-1L).intValue();
            Matcher info = STAGE_INFO.matcher(line);
            while (info.find()) {
                int id = Integer.parseInt(info.group(1));
                stages.putIfAbsent(id, new Stage(Math.max(1, Integer.parseInt(info.group(2)))));
                stagesOfJob.computeIfAbsent(job, j -> new ArrayList<>()).add(id);
            }
        } else if (line.startsWith("{\"Event\":\"SparkListenerStageSubmitted\"")) {
            group(STAGE_ID, line).ifPresent(id -> submitted.add(id.intValue()));
        } else if (line.startsWith("{\"Event\":\"SparkListenerTaskStart\"")) {
            stage(line).ifPresent(stage -> group(TASK_ID, line).ifPresent(task ->
                    stage.running.put(task, group(LAUNCH, line).orElse(0L))));
        } else if (line.startsWith("{\"Event\":\"SparkListenerTaskEnd\"")) {
            stage(line).ifPresent(stage -> taskEnded(stage, line));
        } else if (line.startsWith("{\"Event\":\"SparkListenerStageCompleted\"")) {
            stage(line).ifPresent(stage -> stage.done = true);
        } else if (line.startsWith("{\"Event\":\"SparkListenerJobEnd\"")) {
            group(JOB_ID, line).ifPresent(job -> stagesOfJob.getOrDefault(job.intValue(), List.of())
                    .forEach(id -> stages.get(id).done = true));
        }
    }

    private static void taskEnded(Stage stage, String line) {
        Long task = group(TASK_ID, line).orElse(-1L);
        stage.running.remove(task);
        boolean succeeded = line.contains("\"Reason\":\"Success\"");
        Optional<Long> launch = group(LAUNCH, line);
        Optional<Long> finish = group(FINISH, line);
        if (succeeded && launch.isPresent() && finish.isPresent() && stage.finished.size() < stage.tasks) {
            stage.finished.add(Math.max(0, finish.get() - launch.get()) / 1000.0);
        }
    }

    /**
     * The stages still to finish and those done before them, in stage order, once a task has finished: empty until
     * then, and once nothing is left to run. A stage none of whose tasks has finished is expected to take the latest
     * stage's task time with finished tasks, {@code laterStageRatio} of the job's width times as long after its first
     * stage ({@link StageProgress#expectedAfter}).
     */
    Optional<List<StageProgress>> progress(Instant now, IntFunction<OptionalDouble> laterStageRatio) {
        int lastSubmitted = submitted.stream().mapToInt(Integer::intValue).max().orElse(-1);
        double known = 0;
        for (Stage stage : stages.values()) {
            if (!stage.finished.isEmpty()) {
                known = stage.finished.stream().mapToDouble(Double::doubleValue).average().orElse(0);
            }
        }
        List<StageProgress> progress = new ArrayList<>();
        boolean left = false;
        double anchor = known;
        boolean anchorIsFirst = false;
        int width = stages.values().stream().mapToInt(stage -> stage.tasks).max().orElse(1);
        OptionalDouble ratio = null;
        for (Map.Entry<Integer, Stage> entry : stages.entrySet()) {
            Stage stage = entry.getValue();
            boolean skipped = !submitted.contains(entry.getKey()) && entry.getKey() < lastSubmitted;
            if (skipped) {
                continue;
            }
            boolean seen = !stage.finished.isEmpty();
            if (!seen && ratio == null) {
                ratio = laterStageRatio.apply(width);
            }
            double mean = seen ? stage.finished.stream().mapToDouble(Double::doubleValue).average().orElse(0)
                    : StageProgress.expectedAfter(anchor, anchorIsFirst, ratio);
            if (seen) {
                anchor = mean;
                anchorIsFirst = progress.isEmpty();
            }
            double[] finished = stage.done ? filled(stage.tasks, mean) : stage.finished.stream()
                    .mapToDouble(Double::doubleValue).toArray();
            double[] running = stage.done ? new double[0] : stage.running.values().stream()
                    .limit(stage.tasks - finished.length)
                    .mapToDouble(launch -> Math.max(0, now.toEpochMilli() - launch) / 1000.0).toArray();
            left |= !stage.done;
            progress.add(new StageProgress(stage.tasks, finished, running, Math.max(mean, 1e-3)));
        }
        return known > 0 && left ? Optional.of(progress) : Optional.empty();
    }

    private static double[] filled(int n, double value) {
        double[] all = new double[n];
        java.util.Arrays.fill(all, Math.max(value, 0));
        return all;
    }

    private Optional<Stage> stage(String line) {
        return group(STAGE_ID, line).map(id -> stages.get(id.intValue()));
    }

    private static Optional<Long> group(Pattern pattern, String line) {
        Matcher m = pattern.matcher(line);
        return m.find() ? Optional.of(Long.parseLong(m.group(1))) : Optional.empty();
    }
}
