package io.punctual.history.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Replays a phase of recorded stages on a given number of task slots: Graham's list scheduling (R. L. Graham,
 * "Bounds on multiprocessing timing anomalies", 1969) over the recorded stage DAG, the critical-path style
 * performance model Rayon derives its RDL atoms from (rayon-reservation-based-scheduling, Section 3, ref. [16]).
 * A stage becomes ready when all its parents have finished; whenever a slot is free it takes the next task of the
 * earliest ready stage (Spark's FIFO order, by stage id), which runs for its recorded duration. Graham's bounds
 * hold: {@code max(W/m, CP) ≤ makespan ≤ W/m + (1 − 1/m)·CP} for total work W, m slots, critical path CP.
 */
public final class ListScheduler {

    private ListScheduler() {
    }

    /** Time from the phase's start until its last task ends, on {@code slots} slots (at least 1). */
    public static long makespan(ReplayPlan.Phase phase, long slots) {
        if (slots < 1) {
            throw new IllegalArgumentException("a replay needs at least one task slot, got " + slots);
        }
        int totalTasks = phase.tasks();
        return totalTasks == 0 ? 0 : new Replay(phase.nodes(), totalTasks).run(Math.min(slots, totalTasks));
    }

    /**
     * The most tasks that ever run at once when slots are unlimited: beyond this many slots the phase cannot
     * go faster, so a runtime curve need not be evaluated further.
     */
    public static int peakParallelism(ReplayPlan.Phase phase) {
        int totalTasks = phase.tasks();
        if (totalTasks == 0) {
            return 0;
        }
        Replay replay = new Replay(phase.nodes(), totalTasks);
        replay.run(totalTasks);
        return replay.peak;
    }

    /** The mutable state of one replay: which stages wait for parents, which tasks are next, what runs. */
    private static final class Replay {
        private final List<ReplayPlan.Node> nodes;
        private final int totalTasks;
        private final int[] missingParents;
        private final List<List<Integer>> children = new ArrayList<>();
        private final int[] nextTask;
        private final int[] unfinished;
        private final PriorityQueue<Integer> ready = new PriorityQueue<>();
        private int peak;

        Replay(List<ReplayPlan.Node> nodes, int totalTasks) {
            this.nodes = nodes;
            this.totalTasks = totalTasks;
            int n = nodes.size();
            missingParents = new int[n];
            nextTask = new int[n];
            unfinished = new int[n];
            for (int i = 0; i < n; i++) {
                children.add(new ArrayList<>());
                unfinished[i] = nodes.get(i).taskMillis().length;
            }
            for (int i = 0; i < n; i++) {
                for (int parent : nodes.get(i).parents()) {
                    missingParents[i]++;
                    children.get(parent).add(i);
                }
            }
            for (int i = 0; i < n; i++) {
                if (missingParents[i] == 0) {
                    ready.add(i);
                }
            }
        }

        long run(long slots) {
            LongHeap running = new LongHeap((int) slots);
            long free = slots;
            long now = 0;
            for (int remaining = totalTasks; remaining > 0; remaining--) {
                while (free > 0 && !ready.isEmpty()) {
                    int stage = ready.peek();
                    int[] tasks = nodes.get(stage).taskMillis();
                    running.push(now + tasks[nextTask[stage]++], stage);
                    free--;
                    if (nextTask[stage] == tasks.length) {
                        ready.poll();
                    }
                }
                if (running.isEmpty()) {
                    throw new IllegalStateException("stage DAG has a cycle: no stage can start");
                }
                peak = Math.max(peak, running.size());
                now = running.peekTime();
                finished(running.popStage());
                free++;
            }
            return now;
        }

        private void finished(int stage) {
            if (--unfinished[stage] == 0) {
                for (int child : children.get(stage)) {
                    if (--missingParents[child] == 0) {
                        ready.add(child);
                    }
                }
            }
        }
    }

    /** A binary min-heap of (time, stage) pairs packed in longs: replays of 100k tasks allocate nothing per task. */
    private static final class LongHeap {
        private static final int STAGE_BITS = 20;
        private static final long STAGE_MASK = (1L << STAGE_BITS) - 1;
        private long[] heap;
        private int size;

        LongHeap(int capacity) {
            heap = new long[Math.max(4, capacity)];
        }

        boolean isEmpty() {
            return size == 0;
        }

        int size() {
            return size;
        }

        void push(long time, int stage) {
            if (stage > STAGE_MASK || time >= (1L << (63 - STAGE_BITS))) {
                throw new IllegalArgumentException("replay out of range: stage " + stage + ", time " + time);
            }
            if (size == heap.length) {
                heap = Arrays.copyOf(heap, size * 2);
            }
            long value = (time << STAGE_BITS) | stage;
            int i = size++;
            while (i > 0) {
                int parent = (i - 1) >>> 1;
                if (heap[parent] <= value) {
                    break;
                }
                heap[i] = heap[parent];
                i = parent;
            }
            heap[i] = value;
        }

        long peekTime() {
            return heap[0] >>> STAGE_BITS;
        }

        int popStage() {
            long top = heap[0];
            long last = heap[--size];
            int i = 0;
            while (true) {
                int child = 2 * i + 1;
                if (child >= size) {
                    break;
                }
                if (child + 1 < size && heap[child + 1] < heap[child]) {
                    child++;
                }
                if (heap[child] >= last) {
                    break;
                }
                heap[i] = heap[child];
                i = child;
            }
            if (size > 0) {
                heap[i] = last;
            }
            return (int) (top & STAGE_MASK);
        }
    }
}
