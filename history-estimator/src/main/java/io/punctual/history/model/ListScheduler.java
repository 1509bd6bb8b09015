package io.punctual.history.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Replays a phase of recorded stages on a given number of task slots: a list scheduler over the recorded stage DAG
 * (Graham's list scheduling). A stage becomes ready when all its parents finished; whenever a slot is free it
 * takes the next task of the earliest ready stage (Spark's FIFO order by stage id), which runs for its recorded
 * duration. The same idea as Sparklens' what-if simulation and the Ernest/Dr. Elephant line of work, here per run
 * so quantiles can be taken over runs.
 */
public final class ListScheduler {

    private ListScheduler() {
    }

    /** Time from the phase's start until its last task ends, on {@code slots} slots (at least 1). */
    public static long makespan(ReplayPlan.Phase phase, long slots) {
        if (slots < 1) {
            throw new IllegalArgumentException("a replay needs at least one task slot, got " + slots);
        }
        List<ReplayPlan.Node> nodes = phase.nodes();
        int n = nodes.size();
        int totalTasks = phase.tasks();
        if (totalTasks == 0) {
            return 0;
        }
        int[] missingParents = new int[n];
        List<List<Integer>> children = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            children.add(new ArrayList<>());
        }
        for (int i = 0; i < n; i++) {
            for (int parent : nodes.get(i).parents()) {
                missingParents[i]++;
                children.get(parent).add(i);
            }
        }
        PriorityQueue<Integer> ready = new PriorityQueue<>();
        for (int i = 0; i < n; i++) {
            if (missingParents[i] == 0) {
                ready.add(i);
            }
        }
        int[] nextTask = new int[n];
        int[] unfinished = new int[n];
        for (int i = 0; i < n; i++) {
            unfinished[i] = nodes.get(i).taskMillis().length;
        }
        LongHeap running = new LongHeap(Math.min(totalTasks, (int) Math.min(slots, Integer.MAX_VALUE)));
        long free = Math.min(slots, totalTasks);
        long now = 0;
        int remaining = totalTasks;
        while (remaining > 0) {
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
            now = running.peekTime();
            int stage = running.popStage();
            free++;
            remaining--;
            if (--unfinished[stage] == 0) {
                for (int child : children.get(stage)) {
                    if (--missingParents[child] == 0) {
                        ready.add(child);
                    }
                }
            }
        }
        return now;
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
