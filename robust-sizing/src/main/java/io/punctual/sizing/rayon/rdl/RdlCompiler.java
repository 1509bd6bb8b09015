package io.punctual.sizing.rayon.rdl;

import io.punctual.sizing.Resources;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Rayon's RDL compiler (SoCC 2014, Section 3.1, "Compiling RDL: normalization and optimization"): checks that an
 * expression can be satisfied at all (ignoring other reservations), and rewrites it into the {@link NormalForm} the
 * planners take.
 *
 * <ul>
 *   <li>Validation: positive bundle, 1 &le; g &le; h, l &ge; 1, w &ge; 0, w &ge; g&middot;l (no allocation can be
 *       smaller than one lease of g bundles), windows with start &ge; 0 and end &gt; start that overlap the
 *       enclosing window, l no longer than the window, w reachable in the window even at full parallelism, and
 *       every {@code order} able to run its stages one after another inside their windows (an earliest-finish pass).
 *   <li>Window push-down: nested windows intersect and end up on the atoms.
 *   <li>Flattening: {@code order(order(a,b),c)} is {@code order(a,b,c)}, likewise for {@code all} and {@code any};
 *       an operator with a single operand is that operand.
 *   <li>Merging: under {@code all}, k identical fully malleable atoms (g = 1, l = 1, same bundle, h, w, window)
 *       become {@code atom(b, 1, k·h, 1, k·w)} — the paper's example. Atoms that differ in h or w, or have g &gt; 1
 *       or l &gt; 1, are kept apart: a merged allocation could not always be split back into valid ones.
 *   <li>{@code any}: alternatives that are infeasible on their own are dropped; {@code any} is infeasible only when
 *       all are, and the reason lists each.
 * </ul>
 *
 * <p>With g &gt; 1 the planners allocate whole multiples of g (the paper's gang constraint (6)), so h counts as
 * its largest multiple of g here too.
 */
public final class RdlCompiler {

    private RdlCompiler() {
    }

    public static Compilation compile(Rdl expression) {
        try {
            NormalForm lowered = lower(expression, Long.MIN_VALUE, Long.MAX_VALUE, false);
            earliestFinish(lowered, Long.MIN_VALUE);
            return new Compilation.Feasible(renumber(lowered, new int[1]));
        } catch (Rejection rejection) {
            return new Compilation.Infeasible(rejection.getMessage());
        }
    }

    /**
     * Shortest time in seconds an atom's work can take on an empty cluster. Work comes in gangs of g bundles; at
     * most h/g gangs run at once, and no more than (w/g)/l of them, since each is held at least l: so the work
     * needs ceil((w/g) / min(h/g, (w/g)/l)) seconds, which is never less than l.
     */
    public static long minimumDuration(NormalForm.Atom atom) {
        if (atom.isVoid()) {
            return 0;
        }
        long gangWork = ceilDiv(atom.work(), atom.minParallel());
        long gangs = Math.min(atom.maxParallel() / atom.minParallel(), gangWork / atom.minLeaseSeconds());
        return gangs == 0 ? Long.MAX_VALUE : Math.max(atom.minLeaseSeconds(), ceilDiv(gangWork, gangs));
    }

    private static NormalForm lower(Rdl e, long s, long f, boolean windowed) {
        if (e instanceof Rdl.Window w) {
            return lowerWindow(w, s, f);
        }
        if (e instanceof Rdl.Atom a) {
            return lowerAtom(a, s, f, windowed);
        }
        if (e instanceof Rdl.Any any) {
            return lowerAny(any, s, f, windowed);
        }
        if (e instanceof Rdl.All all) {
            List<NormalForm> parts = new ArrayList<>();
            for (Rdl part : all.parts()) {
                NormalForm lowered = lower(part, s, f, windowed);
                parts.addAll(lowered instanceof NormalForm.All inner ? inner.parts() : List.of(lowered));
            }
            parts = mergeIdenticalMalleable(parts);
            return parts.size() == 1 ? parts.get(0) : new NormalForm.All(parts);
        }
        List<NormalForm> stages = new ArrayList<>();
        for (Rdl stage : ((Rdl.Order) e).stages()) {
            NormalForm lowered = lower(stage, s, f, windowed);
            stages.addAll(lowered instanceof NormalForm.Order inner ? inner.stages() : List.of(lowered));
        }
        return stages.size() == 1 ? stages.get(0) : new NormalForm.Order(stages);
    }

    private static NormalForm lowerWindow(Rdl.Window w, long s, long f) {
        if (w.start() < 0) {
            throw new Rejection("window(..., " + w.start() + ", " + w.end() + ") starts before time 0");
        }
        if (w.end() <= w.start()) {
            throw new Rejection("window(..., " + w.start() + ", " + w.end() + ") ends before it starts");
        }
        long start = Math.max(s, w.start());
        long end = Math.min(f, w.end());
        if (end <= start) {
            throw new Rejection("window(..., " + w.start() + ", " + w.end() + ") does not overlap the enclosing window ["
                    + s + ", " + f + ")");
        }
        return lower(w.expression(), start, end, true);
    }

    private static NormalForm lowerAtom(Rdl.Atom a, long s, long f, boolean windowed) {
        String text = RdlPrinter.print(a);
        Resources b = a.bundle();
        if (b.vcores() <= 0 || b.memoryMb() <= 0) {
            throw new Rejection(text + ": the bundle must have at least 1 vcore and 1 MiB, got " + b);
        }
        if (a.minParallel() < 1) {
            throw new Rejection(text + ": g (minimum parallel bundles) must be at least 1, got " + a.minParallel());
        }
        if (a.maxParallel() < a.minParallel()) {
            throw new Rejection(text + ": g = " + a.minParallel() + " exceeds h = " + a.maxParallel());
        }
        if (a.minLeaseSeconds() < 1) {
            throw new Rejection(text + ": l (minimum lease) must be at least 1 second, got " + a.minLeaseSeconds());
        }
        if (a.work() < 0) {
            throw new Rejection(text + ": w (work) cannot be negative, got " + a.work());
        }
        if (!windowed) {
            throw new Rejection(text + " has no time window: wrap the reservation in window(expression, start, end)");
        }
        NormalForm.Atom atom = new NormalForm.Atom(-1, b, a.minParallel(), a.maxParallel(), a.minLeaseSeconds(),
                a.work(), s, f);
        if (!atom.isVoid()) {
            checkReachable(atom, text);
        }
        return atom;
    }

    private static void checkReachable(NormalForm.Atom atom, String text) {
        long length = atom.end() - atom.start();
        long smallest = saturatingProduct(atom.minParallel(), atom.minLeaseSeconds());
        if (atom.work() < smallest) {
            throw new Rejection(text + ": w = " + atom.work() + " is less than one lease of g bundles (g·l = "
                    + smallest + "); lower g or l, or raise w");
        }
        if (atom.minLeaseSeconds() > length) {
            throw new Rejection(text + ": the minimum lease l = " + atom.minLeaseSeconds()
                    + " s is longer than its window [" + atom.start() + ", " + atom.end() + ") of " + length + " s");
        }
        long widest = effectiveMaxParallel(atom.minParallel(), atom.maxParallel());
        if (minimumDuration(atom) > length) {
            throw new Rejection(text + ": w = " + atom.work() + " bundle-seconds is not reachable in the window ["
                    + atom.start() + ", " + atom.end() + ") of " + length + " s even at h: with at most " + widest
                    + " bundles in parallel, each held at least " + atom.minLeaseSeconds() + " s, it needs "
                    + minimumDuration(atom) + " s");
        }
    }

    private static NormalForm lowerAny(Rdl.Any any, long s, long f, boolean windowed) {
        List<NormalForm> feasible = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        for (Rdl alternative : any.alternatives()) {
            try {
                NormalForm lowered = lower(alternative, s, f, windowed);
                earliestFinish(lowered, Long.MIN_VALUE);
                feasible.addAll(lowered instanceof NormalForm.Any inner ? inner.alternatives() : List.of(lowered));
            } catch (Rejection rejection) {
                reasons.add("(" + (reasons.size() + feasible.size() + 1) + ") " + rejection.getMessage());
            }
        }
        if (feasible.isEmpty()) {
            throw new Rejection("no alternative of any(...) can be satisfied: " + String.join("; ", reasons));
        }
        return feasible.size() == 1 ? feasible.get(0) : new NormalForm.Any(feasible);
    }

    private static List<NormalForm> mergeIdenticalMalleable(List<NormalForm> parts) {
        Map<Object, List<NormalForm.Atom>> groups = new LinkedHashMap<>();
        List<NormalForm> out = new ArrayList<>();
        for (NormalForm part : parts) {
            if (part instanceof NormalForm.Atom atom && atom.minParallel() == 1 && atom.minLeaseSeconds() == 1
                    && !atom.isVoid()) {
                List<NormalForm.Atom> group = groups.computeIfAbsent(atom, k -> new ArrayList<>());
                if (group.isEmpty()) {
                    out.add(atom);
                }
                group.add(atom);
            } else {
                out.add(part);
            }
        }
        out.replaceAll(part -> {
            List<NormalForm.Atom> group = part instanceof NormalForm.Atom ? groups.get(part) : null;
            if (group == null || group.size() == 1) {
                return part;
            }
            NormalForm.Atom a = group.get(0);
            int k = group.size();
            return new NormalForm.Atom(-1, a.bundle(), 1, Math.multiplyExact(a.maxParallel(), k), 1,
                    Math.multiplyExact(a.work(), (long) k), a.start(), a.end());
        });
        return out;
    }

    /** Earliest finish of {@code form} if it may not start before {@code notBefore}, ignoring other reservations. */
    private static long earliestFinish(NormalForm form, long notBefore) {
        if (form instanceof NormalForm.Atom atom) {
            if (atom.isVoid()) {
                return notBefore;
            }
            long start = Math.max(atom.start(), notBefore);
            long finish = start + minimumDuration(atom);
            if (finish > atom.end()) {
                throw new Rejection(atom.describe() + " needs at least " + minimumDuration(atom)
                        + " s but cannot start before " + start + " and must end by " + atom.end());
            }
            return finish;
        }
        if (form instanceof NormalForm.All all) {
            long finish = notBefore;
            for (NormalForm part : all.parts()) {
                finish = Math.max(finish, earliestFinish(part, notBefore));
            }
            return finish;
        }
        if (form instanceof NormalForm.Any any) {
            return earliestFinishOfAny(any, notBefore);
        }
        List<NormalForm> stages = ((NormalForm.Order) form).stages();
        long finish = notBefore;
        for (int i = 0; i < stages.size(); i++) {
            try {
                finish = earliestFinish(stages.get(i), finish);
            } catch (Rejection rejection) {
                throw new Rejection("order stage " + (i + 1) + " of " + stages.size()
                        + " cannot fit after the stages before it: " + rejection.getMessage());
            }
        }
        return finish;
    }

    private static long earliestFinishOfAny(NormalForm.Any any, long notBefore) {
        long best = Long.MAX_VALUE;
        Rejection last = null;
        for (NormalForm alternative : any.alternatives()) {
            try {
                best = Math.min(best, earliestFinish(alternative, notBefore));
            } catch (Rejection rejection) {
                last = rejection;
            }
        }
        if (best == Long.MAX_VALUE) {
            throw new Rejection("no alternative of any(...) fits: " + last.getMessage());
        }
        return best;
    }

    private static NormalForm renumber(NormalForm form, int[] next) {
        if (form instanceof NormalForm.Atom a) {
            return new NormalForm.Atom(next[0]++, a.bundle(), a.minParallel(), a.maxParallel(), a.minLeaseSeconds(),
                    a.work(), a.start(), a.end());
        }
        if (form instanceof NormalForm.All all) {
            return new NormalForm.All(all.parts().stream().map(p -> renumber(p, next)).toList());
        }
        if (form instanceof NormalForm.Any any) {
            return new NormalForm.Any(any.alternatives().stream().map(p -> renumber(p, next)).toList());
        }
        return new NormalForm.Order(((NormalForm.Order) form).stages().stream().map(p -> renumber(p, next)).toList());
    }

    /** Largest multiple of g not above h: with g &gt; 1 allocations come in whole gangs of g. */
    static long effectiveMaxParallel(int g, int h) {
        return (long) (h / g) * g;
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    private static long saturatingProduct(long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException overflow) {
            return Long.MAX_VALUE;
        }
    }

    /** Carries a reason up the recursion; never escapes {@link #compile}. */
    private static final class Rejection extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Rejection(String reason) {
            super(reason, null, false, false);
        }
    }
}
