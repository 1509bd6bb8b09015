package io.punctual.sizing.rush;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A container assignment for a scheduling round (RUSH §III-C): every job's demand cut into uninterrupted slots on
 * {@code containers()} containers, no two slots on one container overlapping. Runs are stored in primitive arrays —
 * a round of 1,000 jobs has tens of thousands — and {@link JobSlots} / {@link SlotRun} views are built on request.
 */
public final class SlotPlan {

    private final List<CompletionTarget> targets;
    private final int containers;
    private final int[] firstRun;
    private final int[] runCount;
    private final double[] completion;
    private final int[] container;
    private final double[] start;
    private final long[] slots;
    private final double[] work;

    private SlotPlan(Builder b) {
        targets = b.targets;
        containers = b.containers;
        firstRun = b.firstRun;
        runCount = b.runCount;
        completion = b.completion;
        container = Arrays.copyOf(b.container, b.runs);
        start = Arrays.copyOf(b.start, b.runs);
        slots = Arrays.copyOf(b.slots, b.runs);
        work = Arrays.copyOf(b.work, b.runs);
    }

    /** C, the number of containers. */
    public int containers() {
        return containers;
    }

    /** How many jobs the plan places (one per target). */
    public int size() {
        return targets.size();
    }

    /** When job {@code index} (in the order the targets were given) completes. */
    public double completion(int index) {
        return completion[index];
    }

    /** Where job {@code index} (in the order the targets were given) runs. */
    public JobSlots job(int index) {
        CompletionTarget target = targets.get(index);
        List<SlotRun> runs = new ArrayList<>(runCount[index]);
        for (int r = firstRun[index]; r < firstRun[index] + runCount[index]; r++) {
            runs.add(new SlotRun(container[r], start[r], target.job().slotSeconds(), slots[r], work[r]));
        }
        return new JobSlots(target, runs, completion[index]);
    }

    /** Every job's slots, in the order the targets were given. */
    public List<JobSlots> jobs() {
        List<JobSlots> all = new ArrayList<>(size());
        for (int i = 0; i < size(); i++) {
            all.add(job(i));
        }
        return all;
    }

    /** Containers busy right after {@code time}: the count RUSH compares against what jobs hold now (§IV). */
    public long containersBusyAt(double time) {
        long busy = 0;
        for (int r = 0; r < start.length; r++) {
            if (start[r] <= time && time < start[r] + work[r]) {
                busy++;
            }
        }
        return busy;
    }

    /** Collects runs job by job while the mapping places them. */
    static final class Builder {
        private final List<CompletionTarget> targets;
        private final int containers;
        private final int[] firstRun;
        private final int[] runCount;
        private final double[] completion;
        private int[] container = new int[64];
        private double[] start = new double[64];
        private long[] slots = new long[64];
        private double[] work = new double[64];
        private int runs;

        Builder(List<CompletionTarget> targets, int containers) {
            this.targets = List.copyOf(targets);
            this.containers = containers;
            firstRun = new int[targets.size()];
            runCount = new int[targets.size()];
            completion = new double[targets.size()];
        }

        void startJob(int index) {
            firstRun[index] = runs;
        }

        void addRun(int index, int onContainer, double from, long count, double placed) {
            if (runs == start.length) {
                int grown = runs * 2;
                container = Arrays.copyOf(container, grown);
                start = Arrays.copyOf(start, grown);
                slots = Arrays.copyOf(slots, grown);
                work = Arrays.copyOf(work, grown);
            }
            container[runs] = onContainer;
            start[runs] = from;
            slots[runs] = count;
            work[runs] = placed;
            runs++;
            runCount[index]++;
        }

        void finishJob(int index, double completedAt) {
            completion[index] = completedAt;
        }

        SlotPlan build() {
            return new SlotPlan(this);
        }
    }
}
