package io.punctual.sizing.rayon;

import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.rdl.Rdl;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/** Seeded jqwik generators for RDL expressions and workloads. */
public final class RayonArbitraries {

    private RayonArbitraries() {
    }

    /** Any expression the text syntax can carry, valid or not (negative numbers, g &gt; h, empty windows...). */
    public static Arbitrary<Rdl> anyRdl(int depth) {
        Arbitrary<Rdl> atom = Combinators.combine(
                Arbitraries.longs().between(0, 64), Arbitraries.longs().between(0, 1 << 20),
                Arbitraries.integers().between(-3, 50), Arbitraries.integers().between(-3, 50),
                Arbitraries.longs().between(-10, 100_000), Arbitraries.longs().between(-10, Long.MAX_VALUE))
                .as((v, m, g, h, l, w) -> Rdl.atom(Resources.of(v, m), g, h, l, w));
        if (depth == 0) {
            return atom;
        }
        Arbitrary<Rdl> inner = Arbitraries.lazy(() -> anyRdl(depth - 1));
        return Arbitraries.frequencyOf(
                Tuple.of(3, atom),
                Tuple.of(1, inner.list().ofMinSize(1).ofMaxSize(3).map(Rdl.Any::new)),
                Tuple.of(1, inner.list().ofMinSize(1).ofMaxSize(3).map(Rdl.All::new)),
                Tuple.of(1, inner.list().ofMinSize(1).ofMaxSize(3).map(Rdl.Order::new)),
                Tuple.of(1, Combinators.combine(inner, Arbitraries.longs().between(-5, 10_000),
                        Arbitraries.longs().between(-5, Long.MAX_VALUE)).as(Rdl.Window::new)));
    }

    /** A well-formed atom whose work fits its own window [start, start + length) on an empty cluster. */
    public static Arbitrary<Rdl> windowedAtom(long horizon) {
        return Combinators.combine(
                Arbitraries.integers().between(1, 4), Arbitraries.integers().between(1, 8),
                Arbitraries.integers().between(1, 3), Arbitraries.integers().between(0, 12),
                Arbitraries.longs().between(1, 60), Arbitraries.doubles().between(0, 1),
                Arbitraries.longs().between(0, horizon - 1), Arbitraries.doubles().between(0, 1))
                .as((v, m, g, extra, l, fill, start, span) -> {
                    int h = g + extra;
                    long length = Math.max(l, Math.min(horizon - start, (long) (span * 600) + 1));
                    if (length < l) {
                        length = l;
                    }
                    long most = (long) (h / g) * g * length;
                    long least = (long) g * l;
                    long w = least + (long) (fill * 0.6 * Math.max(0, most - least));
                    return Rdl.window(Rdl.atom(Resources.of(v, 512L * m), g, h, l, w), start, start + length);
                });
    }

    /** Reservations as the CLI sees them: atoms, pipelines, concurrent groups and alternatives, each windowed. */
    public static Arbitrary<Rdl> reservation(long horizon) {
        Arbitrary<Rdl> atom = windowedAtom(horizon);
        Arbitrary<Rdl> bare = atom.map(w -> ((Rdl.Window) w).expression());
        Arbitrary<Long> start = Arbitraries.longs().between(0, horizon / 2);
        Arbitrary<Long> length = Arbitraries.longs().between(200, 1500);
        return Arbitraries.frequencyOf(
                Tuple.of(4, atom),
                Tuple.of(2, Combinators.combine(bare.list().ofMinSize(2).ofMaxSize(3), start, length)
                        .as((stages, s, len) -> Rdl.window(new Rdl.Order(stages), s, s + len))),
                Tuple.of(1, Combinators.combine(bare.list().ofMinSize(2).ofMaxSize(3), start, length)
                        .as((parts, s, len) -> Rdl.window(new Rdl.All(parts), s, s + len))),
                Tuple.of(1, atom.list().ofMinSize(2).ofMaxSize(3).map(Rdl.Any::new)),
                Tuple.of(1, Combinators.combine(atom, atom.list().ofMinSize(2).ofMaxSize(2), start, length)
                        .as((first, rest, s, len) -> Rdl.window(Rdl.order(first, new Rdl.Any(rest)), s,
                                s + len))));
    }

    public static Arbitrary<Resources> capacity() {
        return Combinators.combine(Arbitraries.integers().between(4, 48), Arbitraries.integers().between(8, 64))
                .as((v, m) -> Resources.of(v, 1024L * m));
    }
}
