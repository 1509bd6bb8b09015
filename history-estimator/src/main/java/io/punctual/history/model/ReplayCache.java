package io.punctual.history.model;

import io.punctual.history.run.RunRecord;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Keeps the replayed curves of recently used runs, so a long-lived process (the gateway) retrains a job's model
 * without replaying every run again. A run's curve depends only on the run, identified by its id and the
 * fingerprint of the log it was read from. Thread-safe; least recently used curves go first.
 */
public final class ReplayCache {

    private final Map<String, RunReplay> curves;

    public ReplayCache(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a replay cache holds at least one run, got " + capacity);
        }
        this.curves = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, RunReplay> eldest) {
                return size() > capacity;
            }
        };
    }

    RunReplay replay(RunRecord run) {
        String key = run.id() + "|" + run.source().fingerprint();
        synchronized (curves) {
            RunReplay cached = curves.get(key);
            if (cached != null) {
                return cached;
            }
        }
        RunReplay computed = RunReplay.of(run);
        synchronized (curves) {
            curves.put(key, computed);
        }
        return computed;
    }
}
