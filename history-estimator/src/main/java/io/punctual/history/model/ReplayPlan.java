package io.punctual.history.model;

import io.punctual.history.run.JobRun;
import io.punctual.history.run.RunRecord;
import io.punctual.history.run.StageRun;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A recorded run reduced to what a replay needs: phases that ran one after another (jobs whose active intervals
 * overlapped form one phase, since the driver ran them together), each a DAG of stages with their task durations;
 * plus the driver-only time between and around them, which no executor count shortens.
 */
public record ReplayPlan(long driverOnlyMs, List<Phase> phases) {

    /** One stage to replay: task durations in the order they ran, and parents by index within the phase. */
    public record Node(int stageId, int[] taskMillis, int[] parents) {
    }

    /** Stages that may run side by side, subject to their parent edges. Nodes are in stage-id order. */
    public record Phase(List<Node> nodes) {
        public Phase {
            nodes = List.copyOf(nodes);
        }

        public int tasks() {
            return nodes.stream().mapToInt(n -> n.taskMillis().length).sum();
        }
    }

    public ReplayPlan {
        phases = List.copyOf(phases);
    }

    public static ReplayPlan of(RunRecord run) {
        Map<Integer, StageRun> ran = new HashMap<>();
        run.stages().stream().filter(StageRun::ranTasks).forEach(s -> ran.put(s.stageId(), s));
        Map<Integer, Integer> jobOfStage = new HashMap<>();
        List<JobRun> jobs = new ArrayList<>(run.jobs());
        jobs.sort(Comparator.comparingInt(JobRun::jobId));
        for (JobRun job : jobs) {
            job.stageIds().forEach(id -> jobOfStage.putIfAbsent(id, job.jobId()));
        }
        List<Group> groups = groups(jobs, ran, jobOfStage);
        groups.sort(Comparator.comparingLong(g -> g.startMs));
        List<Phase> phases = groups.stream().map(g -> phase(g.stageIds, ran)).toList();
        return new ReplayPlan(run.driverOnlyMs(), phases);
    }

    private static final class Group {
        long startMs;
        long endMs;
        final List<Integer> stageIds = new ArrayList<>();

        Group(long startMs, long endMs) {
            this.startMs = startMs;
            this.endMs = endMs;
        }
    }

    /** Merges overlapping job intervals; stages no job claims get a group of their own at their first task. */
    private static List<Group> groups(List<JobRun> jobs, Map<Integer, StageRun> ran, Map<Integer, Integer> jobOfStage) {
        List<JobRun> byStart = new ArrayList<>(jobs);
        byStart.sort(Comparator.comparingLong(JobRun::startMs).thenComparingInt(JobRun::jobId));
        Map<Integer, Group> groupOfJob = new HashMap<>();
        List<Group> groups = new ArrayList<>();
        Group current = null;
        for (JobRun job : byStart) {
            if (current == null || job.startMs() >= current.endMs) {
                current = new Group(job.startMs(), job.endMs());
                groups.add(current);
            }
            current.endMs = Math.max(current.endMs, job.endMs());
            groupOfJob.put(job.jobId(), current);
        }
        List<Integer> stageIds = new ArrayList<>(ran.keySet());
        stageIds.sort(null);
        for (int stageId : stageIds) {
            Integer job = jobOfStage.get(stageId);
            Group group = job == null ? null : groupOfJob.get(job);
            if (group == null) {
                StageRun stage = ran.get(stageId);
                group = new Group(stage.firstLaunchMs(), stage.lastFinishMs());
                groups.add(group);
            }
            group.stageIds.add(stageId);
        }
        groups.removeIf(g -> g.stageIds.isEmpty());
        return groups;
    }

    private static Phase phase(List<Integer> stageIds, Map<Integer, StageRun> ran) {
        Map<Integer, Integer> index = new HashMap<>();
        for (int i = 0; i < stageIds.size(); i++) {
            index.put(stageIds.get(i), i);
        }
        List<Node> nodes = new ArrayList<>();
        for (int stageId : stageIds) {
            StageRun stage = ran.get(stageId);
            // parents outside the phase ran earlier (or were skipped because their output existed): already met
            int[] parents = stage.parentIds().stream().filter(index::containsKey).mapToInt(index::get)
                    .filter(p -> p != index.get(stageId)).toArray();
            nodes.add(new Node(stageId, stage.taskMillis(), parents));
        }
        return new Phase(nodes);
    }
}
