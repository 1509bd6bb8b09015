package io.punctual.sizing.rayon.rdl;

import io.punctual.sizing.Resources;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An RDL expression after {@link RdlCompiler}: windows pushed down into every atom, nested operators of one kind
 * flattened, identical malleable atoms under {@code all} merged, infeasible {@code any} alternatives dropped
 * (Rayon, SoCC 2014, Section 3.1, "Compiling RDL"). This is what the planners place.
 */
public sealed interface NormalForm permits NormalForm.Atom, NormalForm.All, NormalForm.Any, NormalForm.Order {

    /** Earliest instant any atom below may use, in seconds. */
    long start();

    /** Latest instant (exclusive) any atom below may use, in seconds. */
    long end();

    /** The atoms below, in depth-first order (their {@link Atom#id()}s are 0, 1, 2, ...). */
    default List<Atom> atoms() {
        List<Atom> out = new ArrayList<>();
        collect(this, out);
        return List.copyOf(out);
    }

    /**
     * An atom with its window [start, end) in seconds. {@code id} numbers the atoms of one compiled reservation
     * depth-first, so identical atoms stay distinguishable.
     */
    record Atom(int id, Resources bundle, int minParallel, int maxParallel, long minLeaseSeconds, long work,
                long start, long end) implements NormalForm {
        public Atom {
            Objects.requireNonNull(bundle, "bundle");
        }

        public boolean isVoid() {
            return work == 0;
        }

        /** The RDL text of this atom with its window, for messages. */
        public String describe() {
            return "window(" + RdlPrinter.print(new Rdl.Atom(bundle, minParallel, maxParallel, minLeaseSeconds, work))
                    + "," + start + "," + end + ")";
        }
    }

    record All(List<NormalForm> parts) implements NormalForm {
        public All {
            parts = List.copyOf(parts);
        }

        @Override
        public long start() {
            return parts.stream().mapToLong(NormalForm::start).min().orElseThrow();
        }

        @Override
        public long end() {
            return parts.stream().mapToLong(NormalForm::end).max().orElseThrow();
        }
    }

    record Any(List<NormalForm> alternatives) implements NormalForm {
        public Any {
            alternatives = List.copyOf(alternatives);
        }

        @Override
        public long start() {
            return alternatives.stream().mapToLong(NormalForm::start).min().orElseThrow();
        }

        @Override
        public long end() {
            return alternatives.stream().mapToLong(NormalForm::end).max().orElseThrow();
        }
    }

    record Order(List<NormalForm> stages) implements NormalForm {
        public Order {
            stages = List.copyOf(stages);
        }

        @Override
        public long start() {
            return stages.stream().mapToLong(NormalForm::start).min().orElseThrow();
        }

        @Override
        public long end() {
            return stages.stream().mapToLong(NormalForm::end).max().orElseThrow();
        }
    }

    private static void collect(NormalForm form, List<Atom> out) {
        if (form instanceof Atom atom) {
            out.add(atom);
        } else if (form instanceof All all) {
            all.parts().forEach(p -> collect(p, out));
        } else if (form instanceof Any any) {
            any.alternatives().forEach(p -> collect(p, out));
        } else {
            ((Order) form).stages().forEach(p -> collect(p, out));
        }
    }
}
