package io.punctual.simulate.queues;

import io.punctual.simulate.engine.JobResult;
import io.punctual.sizing.Resources;
import io.punctual.sizing.bopf.QueueSpec;
import io.punctual.sizing.bopf.StepAllocation;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What each queue wants and gets during a run: an LQ's bursts arrive at its period starts as work (α·t
 * vcore-seconds) and are served first come first served at up to α; a TQ always wants the whole cluster and books
 * what it receives.
 */
final class BurstLedger {

    private static final class Burst {
        final int index;
        final long arrival;
        double remaining;
        double firstServed = Double.NaN;

        Burst(int index, long arrival, double work) {
            this.index = index;
            this.arrival = arrival;
            this.remaining = work;
        }
    }

    private final Resources capacity;
    private final Map<String, QueueSpec> queues = new LinkedHashMap<>();
    private final Map<String, Deque<Burst>> backlog = new LinkedHashMap<>();
    private final Map<String, Integer> arrived = new LinkedHashMap<>();
    private final Map<String, Double> throughput = new LinkedHashMap<>();
    private final List<JobResult> done = new ArrayList<>();
    private final String policy;
    private final Map<String, String> classes;

    BurstLedger(String policy, Resources capacity, List<QueueSpec> specs, Map<String, String> classes) {
        this.policy = policy;
        this.capacity = capacity;
        this.classes = classes;
        for (QueueSpec spec : specs) {
            queues.put(spec.name(), spec);
            backlog.put(spec.name(), new ArrayDeque<>());
            arrived.put(spec.name(), 0);
            throughput.put(spec.name(), 0.0);
        }
    }

    /** The queue's demand at {@code now}, adding a burst when one of its periods begins. */
    Resources demandAt(String name, long now) {
        QueueSpec queue = queues.get(name);
        if (!queue.isLatencySensitive()) {
            return capacity;
        }
        if (now >= queue.startSeconds() && (now - queue.startSeconds()) % queue.periodSeconds() == 0) {
            int index = arrived.merge(name, 1, Integer::sum) - 1;
            backlog.get(name).addLast(new Burst(index, now, queue.burstVolume().vcores()));
        }
        return backlog.get(name).isEmpty() ? Resources.ZERO : queue.alpha();
    }

    /** Books one step's allocation ({@code step} seconds from its time). */
    void served(StepAllocation allocation, long step) {
        for (Map.Entry<String, Deque<Burst>> entry : backlog.entrySet()) {
            String name = entry.getKey();
            double given = allocation.of(name).vcores() * (double) step;
            throughput.merge(name, given, Double::sum);
            Deque<Burst> bursts = entry.getValue();
            while (given > 0 && !bursts.isEmpty()) {
                Burst head = bursts.peekFirst();
                if (Double.isNaN(head.firstServed)) {
                    head.firstServed = allocation.time();
                }
                double used = Math.min(given, head.remaining);
                head.remaining -= used;
                given -= used;
                if (head.remaining <= 1e-9) {
                    bursts.removeFirst();
                    finish(name, head, allocation.time() + (used / Math.max(1, allocation.of(name).vcores())));
                }
            }
        }
    }

    private void finish(String name, Burst burst, double at) {
        QueueSpec queue = queues.get(name);
        double work = queue.burstVolume().vcores();
        double held = at - burst.firstServed;
        done.add(new JobResult(policy, name + "#" + burst.index, burst.arrival, burst.arrival + queue.onSeconds(),
                true, burst.firstServed, at, at <= burst.arrival + queue.onSeconds() + 1e-6, work,
                held > 0 ? work / held : work, false, classes.getOrDefault(name, ""), (int) queue.alpha().vcores()));
    }

    /** Every burst: finished ones, then those still waiting at the end of the horizon. */
    List<JobResult> bursts() {
        List<JobResult> rows = new ArrayList<>(done);
        for (Map.Entry<String, Deque<Burst>> entry : backlog.entrySet()) {
            QueueSpec queue = queues.get(entry.getKey());
            for (Burst burst : entry.getValue()) {
                rows.add(new JobResult(policy, entry.getKey() + "#" + burst.index, burst.arrival,
                        burst.arrival + queue.onSeconds(), !Double.isNaN(burst.firstServed), burst.firstServed,
                        Double.NaN, false, queue.burstVolume().vcores() - burst.remaining, 0,
                        Double.isNaN(burst.firstServed), "unfinished at the end of the horizon ("
                        + classes.getOrDefault(entry.getKey(), "") + ")", (int) queue.alpha().vcores()));
            }
        }
        return rows;
    }

    /** Reports every burst a queue that was not admitted would have had within {@code horizon}, as dropped. */
    void notAdmitted(String name, long horizon, String reason) {
        QueueSpec queue = queues.get(name);
        if (!queue.isLatencySensitive()) {
            return;
        }
        int index = 0;
        for (long at = queue.startSeconds(); at < horizon; at += queue.periodSeconds()) {
            done.add(new JobResult(policy, name + "#" + index++, at, at + queue.onSeconds(), false, Double.NaN,
                    Double.NaN, false, 0, 0, true, reason, (int) queue.alpha().vcores()));
        }
    }

    /** Vcore-seconds each throughput queue received. */
    Map<String, Double> throughputWork() {
        Map<String, Double> out = new LinkedHashMap<>();
        queues.values().stream().filter(q -> !q.isLatencySensitive())
                .forEach(q -> out.put(q.name(), throughput.get(q.name())));
        return out;
    }
}
