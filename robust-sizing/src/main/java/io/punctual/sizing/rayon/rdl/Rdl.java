package io.punctual.sizing.rayon.rdl;

import io.punctual.sizing.Resources;
import java.util.List;
import java.util.Objects;

/**
 * An expression of Rayon's Reservation Definition Language (Curino et al., "Reservation-based Scheduling: If You're
 * Late Don't Blame Us!", SoCC 2014, Section 3.1): {@code atom}, {@code any}, {@code all}, {@code order} and
 * {@code window}.
 *
 * <p>Values are immutable and structural; they may describe infeasible requests (g &gt; h, a window that ends before
 * it starts, ...) so that {@link RdlCompiler} can say exactly why a request cannot be met. Only shapes that no text
 * could produce (null parts, operators without operands) are refused at construction.
 *
 * <p>Units: times in seconds, {@code w} in bundle-seconds (the paper's bundle-hours, in seconds).
 */
public sealed interface Rdl permits Rdl.Atom, Rdl.Any, Rdl.All, Rdl.Order, Rdl.Window {

    /**
     * {@code atom(b, g, h, l, w)}: at any instant either nothing or between {@code g} and {@code h} copies of bundle
     * {@code b}; each copy, once granted, is held at least {@code l} seconds; the allocations add up to {@code w}
     * bundle-seconds. {@code g == h} is a gang.
     */
    record Atom(Resources bundle, int minParallel, int maxParallel, long minLeaseSeconds, long work)
            implements Rdl {
        public Atom {
            Objects.requireNonNull(bundle, "bundle");
        }

        public boolean isGang() {
            return minParallel == maxParallel;
        }
    }

    /** {@code any(e1, ..., en)}: satisfied when one alternative is. */
    record Any(List<Rdl> alternatives) implements Rdl {
        public Any {
            alternatives = operands("any", alternatives);
        }
    }

    /** {@code all(e1, ..., en)}: satisfied when every part is. */
    record All(List<Rdl> parts) implements Rdl {
        public All {
            parts = operands("all", parts);
        }
    }

    /** {@code order(e1, ..., en)}: every allocation of e<sub>i</sub> ends before any of e<sub>i+1</sub> starts. */
    record Order(List<Rdl> stages) implements Rdl {
        public Order {
            stages = operands("order", stages);
        }
    }

    /** {@code window(e, s, f)}: every allocation of {@code e} lies in [s, f). */
    record Window(Rdl expression, long start, long end) implements Rdl {
        public Window {
            Objects.requireNonNull(expression, "expression");
        }
    }

    static Atom atom(Resources bundle, int minParallel, int maxParallel, long minLeaseSeconds, long work) {
        return new Atom(bundle, minParallel, maxParallel, minLeaseSeconds, work);
    }

    static Any any(Rdl... alternatives) {
        return new Any(List.of(alternatives));
    }

    static All all(Rdl... parts) {
        return new All(List.of(parts));
    }

    static Order order(Rdl... stages) {
        return new Order(List.of(stages));
    }

    static Window window(Rdl expression, long start, long end) {
        return new Window(expression, start, end);
    }

    private static List<Rdl> operands(String operator, List<Rdl> operands) {
        Objects.requireNonNull(operands, operator + " operands");
        if (operands.isEmpty()) {
            throw new IllegalArgumentException(operator + "(...) needs at least one expression");
        }
        return List.copyOf(operands);
    }
}
