package io.punctual.sizing.rayon.plan;

import io.punctual.sizing.Resources;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Resources over time, run-length encoded (Rayon, SoCC 2014, Section 5.2: the plan is kept "in a compact run-length
 * encoded form"): a sorted map from breakpoint to the amount that holds until the next breakpoint; zero before the
 * first breakpoint and after the last. Neighbouring runs with equal amounts are merged, so the map stays as small as
 * the function's real changes.
 *
 * <p>Mutable and not thread-safe: it is the storage behind a plan and the scratch space of a planner. Readers get
 * immutable {@link Segment} lists.
 */
public final class StepFunction {

    private final TreeMap<Long, Resources> runs = new TreeMap<>();

    public StepFunction() {
    }

    public static StepFunction of(List<Segment> segments) {
        StepFunction f = new StepFunction();
        for (Segment s : segments) {
            f.add(s.start(), s.end(), s.amount());
        }
        return f;
    }

    public StepFunction copy() {
        StepFunction f = new StepFunction();
        f.runs.putAll(runs);
        return f;
    }

    public boolean isZero() {
        return runs.isEmpty();
    }

    public Resources valueAt(long t) {
        Map.Entry<Long, Resources> e = runs.floorEntry(t);
        return e == null ? Resources.ZERO : e.getValue();
    }

    /** Adds {@code amount} over [start, end). */
    public void add(long start, long end, Resources amount) {
        checkInterval(start, end);
        if (amount.isZero()) {
            return;
        }
        split(start);
        split(end);
        for (Map.Entry<Long, Resources> e : runs.subMap(start, true, end, false).entrySet()) {
            e.setValue(e.getValue().plus(amount));
        }
        tidy(start, end);
    }

    /**
     * Removes {@code amount} over [start, end).
     *
     * @throws IllegalStateException if the function holds less somewhere there; it is then unchanged
     */
    public void subtract(long start, long end, Resources amount) {
        checkInterval(start, end);
        if (amount.isZero()) {
            return;
        }
        for (Segment s : segments(start, end)) {
            if (!amount.fitsIn(s.amount())) {
                throw new IllegalStateException("cannot remove " + amount + " during [" + s.start() + ", " + s.end()
                        + "): only " + s.amount() + " there");
            }
        }
        split(start);
        split(end);
        for (Map.Entry<Long, Resources> e : runs.subMap(start, true, end, false).entrySet()) {
            Resources have = e.getValue();
            e.setValue(new Resources(have.memoryMb() - amount.memoryMb(), have.vcores() - amount.vcores()));
        }
        tidy(start, end);
    }

    /** The function over [from, to) as consecutive segments (zero stretches included), covering it exactly. */
    public List<Segment> segments(long from, long to) {
        checkInterval(from, to);
        List<Segment> out = new ArrayList<>();
        long at = from;
        Resources value = valueAt(from);
        for (Map.Entry<Long, Resources> e : runs.subMap(from, false, to, false).entrySet()) {
            out.add(new Segment(at, e.getKey(), value));
            at = e.getKey();
            value = e.getValue();
        }
        out.add(new Segment(at, to, value));
        return out;
    }

    /** The non-zero stretches of the whole function, in time order. */
    public List<Segment> nonZeroSegments() {
        List<Segment> out = new ArrayList<>();
        Iterator<Map.Entry<Long, Resources>> it = runs.entrySet().iterator();
        if (!it.hasNext()) {
            return out;
        }
        Map.Entry<Long, Resources> current = it.next();
        while (it.hasNext()) {
            Map.Entry<Long, Resources> next = it.next();
            if (!current.getValue().isZero()) {
                out.add(new Segment(current.getKey(), next.getKey(), current.getValue()));
            }
            current = next;
        }
        return out;
    }

    /** Component-wise maximum over [from, to). */
    public Resources max(long from, long to) {
        long memory = 0;
        long vcores = 0;
        for (Segment s : segments(from, to)) {
            memory = Math.max(memory, s.amount().memoryMb());
            vcores = Math.max(vcores, s.amount().vcores());
        }
        return new Resources(memory, vcores);
    }

    /** Number of stored breakpoints; a measure of how fragmented the function is. */
    public int breakpoints() {
        return runs.size();
    }

    NavigableMap<Long, Resources> view() {
        return java.util.Collections.unmodifiableNavigableMap(runs);
    }

    private void split(long t) {
        if (!runs.containsKey(t)) {
            runs.put(t, valueAt(t));
        }
    }

    private void tidy(long start, long end) {
        Long from = runs.lowerKey(start);
        for (Long key : new ArrayList<>(runs.subMap(from == null ? start : from, true, end, true).keySet())) {
            Map.Entry<Long, Resources> before = runs.lowerEntry(key);
            Resources previous = before == null ? Resources.ZERO : before.getValue();
            if (previous.equals(runs.get(key))) {
                runs.remove(key);
            }
        }
    }

    private static void checkInterval(long start, long end) {
        if (end <= start) {
            throw new IllegalArgumentException("an interval must end after it starts: [" + start + ", " + end + ")");
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StepFunction other && runs.equals(other.runs);
    }

    @Override
    public int hashCode() {
        return runs.hashCode();
    }

    @Override
    public String toString() {
        return nonZeroSegments().toString();
    }
}
