package io.punctual.sizing.rayon.plan;

import io.punctual.sizing.Resources;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Rayon's capacity-over-time sharing policy (SoCC 2014, Section 5.2; YARN's {@code CapacityOverTimePolicy}): at every
 * instant a team holds at most {@code maxInstantaneous} of the plan capacity, and over every sliding window of
 * {@code windowSeconds} its average holds at most {@code maxAverage} — in each resource separately.
 */
public record CapacityOverTimePolicy(double maxInstantaneous, double maxAverage, long windowSeconds)
        implements SharingPolicy {

    public CapacityOverTimePolicy {
        if (!(maxInstantaneous > 0 && maxInstantaneous <= 1)) {
            throw new IllegalArgumentException("maxInstantaneous must be a fraction in (0, 1], got " + maxInstantaneous);
        }
        if (!(maxAverage > 0 && maxAverage <= maxInstantaneous)) {
            throw new IllegalArgumentException("maxAverage must be in (0, maxInstantaneous = " + maxInstantaneous
                    + "], got " + maxAverage);
        }
        if (windowSeconds <= 0) {
            throw new IllegalArgumentException("the averaging window must be at least 1 second, got " + windowSeconds);
        }
    }

    @Override
    public Optional<String> violation(PlanView plan, String team, List<Segment> addition) {
        if (addition.isEmpty()) {
            return Optional.empty();
        }
        long from = addition.get(0).start() - windowSeconds;
        long to = addition.get(addition.size() - 1).end() + windowSeconds;
        StepFunction use = StepFunction.of(plan.teamSegments(team, from, to));
        addition.forEach(s -> use.add(s.start(), s.end(), s.amount()));
        List<Segment> segments = use.segments(from, to);
        Optional<String> instantaneous = instantaneous(plan.capacity(), team, segments);
        return instantaneous.isPresent() ? instantaneous : average(plan.capacity(), team, segments, addition);
    }

    private Optional<String> instantaneous(Resources capacity, String team, List<Segment> segments) {
        for (Segment s : segments) {
            if (s.amount().memoryMb() > maxInstantaneous * capacity.memoryMb()
                    || s.amount().vcores() > maxInstantaneous * capacity.vcores()) {
                return Optional.of("team " + team + " would hold " + s.amount() + " during [" + s.start() + ", "
                        + s.end() + "), over its instantaneous limit of " + percent(maxInstantaneous)
                        + " of " + capacity);
            }
        }
        return Optional.empty();
    }

    /**
     * The window integral is piecewise linear in the window's start, so its maximum is reached when either edge of
     * the window sits on a breakpoint; only windows that overlap the addition can have changed.
     */
    private Optional<String> average(Resources capacity, String team, List<Segment> segments, List<Segment> addition) {
        long[] bounds = new long[segments.size() + 1];
        double[][] prefix = new double[2][segments.size() + 1];
        for (int i = 0; i < segments.size(); i++) {
            Segment s = segments.get(i);
            bounds[i] = s.start();
            prefix[0][i + 1] = prefix[0][i] + (double) s.amount().memoryMb() * s.length();
            prefix[1][i + 1] = prefix[1][i] + (double) s.amount().vcores() * s.length();
        }
        bounds[segments.size()] = segments.get(segments.size() - 1).end();
        long first = addition.get(0).start() - windowSeconds;
        long last = addition.get(addition.size() - 1).end();
        TreeSet<Long> starts = new TreeSet<>();
        for (long b : bounds) {
            starts.add(b);
            starts.add(b - windowSeconds);
        }
        double[] limit = {maxAverage * capacity.memoryMb() * windowSeconds,
            maxAverage * capacity.vcores() * windowSeconds};
        for (long x : starts.subSet(first, true, last, true)) {
            for (int r = 0; r < 2; r++) {
                double integral = integral(bounds, prefix[r], segments, r, x + windowSeconds)
                        - integral(bounds, prefix[r], segments, r, x);
                if (integral > limit[r] * (1 + 1e-12)) {
                    return Optional.of("team " + team + " would average " + Math.round(integral / windowSeconds)
                            + (r == 0 ? " MiB" : " vcores") + " over [" + x + ", " + (x + windowSeconds)
                            + "), over its average limit of " + percent(maxAverage) + " of " + capacity);
                }
            }
        }
        return Optional.empty();
    }

    private static double integral(long[] bounds, double[] prefix, List<Segment> segments, int resource, long t) {
        int i = java.util.Arrays.binarySearch(bounds, t);
        if (i >= 0) {
            return prefix[i];
        }
        int segment = -i - 2;
        Resources amount = segments.get(segment).amount();
        double rate = resource == 0 ? amount.memoryMb() : amount.vcores();
        return prefix[segment] + rate * (t - bounds[segment]);
    }

    private static String percent(double fraction) {
        return Math.round(fraction * 1000) / 10.0 + "%";
    }
}
