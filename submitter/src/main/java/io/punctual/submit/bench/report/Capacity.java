package io.punctual.submit.bench.report;

import io.punctual.submit.bench.CoreSpan;

import java.util.List;
import java.util.TreeSet;

/**
 * Cores over time as a step function: the sum of the spans that cover each instant. It gives the report's
 * used-versus-reserved series, and the part of a reservation that its jobs' executors actually held.
 */
public final class Capacity {

    private Capacity() {
    }

    /** Σ cores of the spans covering {@code atMs} (a span covers [from, to)). */
    static long level(List<CoreSpan> spans, long atMs) {
        long sum = 0;
        for (CoreSpan span : spans) {
            if (span.fromMs() <= atMs && atMs < span.toMs()) {
                sum += span.cores();
            }
        }
        return sum;
    }

    /**
     * Core-seconds the spans held inside {@code window}, never more than the window's own cores at any instant: the
     * used part of a reservation of {@code window.cores()} vcores from {@code window.fromMs()} to
     * {@code window.toMs()}. Executors beyond the reservation's size ran outside it (in the queue's guarantee or as
     * YARN's best effort) and do not count.
     */
    public static double heldWithin(CoreSpan window, List<CoreSpan> spans) {
        TreeSet<Long> cuts = new TreeSet<>(List.of(window.fromMs(), window.toMs()));
        for (CoreSpan span : spans) {
            addInside(cuts, span.fromMs(), window);
            addInside(cuts, span.toMs(), window);
        }
        double held = 0;
        Long previous = null;
        for (long cut : cuts) {
            if (previous != null) {
                long used = Math.min(level(spans, previous), window.cores());
                held += used * (cut - previous) / 1000.0;
            }
            previous = cut;
        }
        return held;
    }

    private static void addInside(TreeSet<Long> cuts, long t, CoreSpan window) {
        if (t > window.fromMs() && t < window.toMs()) {
            cuts.add(t);
        }
    }

    /**
     * The step function as plot points, x in minutes since {@code originMs}: at every change two points (old level,
     * new level) so that a plain line chart draws the steps.
     */
    public static double[][] steps(List<CoreSpan> spans, long originMs) {
        TreeSet<Long> changes = new TreeSet<>();
        spans.forEach(s -> {
            changes.add(s.fromMs());
            changes.add(s.toMs());
        });
        double[] x = new double[changes.size() * 2];
        double[] y = new double[changes.size() * 2];
        int i = 0;
        long before = 0;
        for (long t : changes) {
            long after = level(spans, t);
            x[i] = x[i + 1] = (t - originMs) / 60_000.0;
            y[i] = before;
            y[i + 1] = after;
            before = after;
            i += 2;
        }
        return new double[][] {x, y};
    }
}
