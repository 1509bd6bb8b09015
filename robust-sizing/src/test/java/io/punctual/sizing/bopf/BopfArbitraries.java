package io.punctual.sizing.bopf;

import io.punctual.sizing.Resources;
import java.util.List;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/** Generators shared by the BoPF property tests: small capacities and periods, so brute-force oracles stay cheap. */
final class BopfArbitraries {

    private BopfArbitraries() {
    }

    static Arbitrary<Resources> capacities() {
        return Combinators.combine(Arbitraries.longs().between(4, 16), Arbitraries.longs().between(4, 16))
                .as(Resources::of);
    }

    /** 1 to 10 queues named q0, q1, ...: mostly LQs with periods up to 12 s, some TQs. */
    static Arbitrary<List<QueueSpec>> queueSequences() {
        Arbitrary<Integer> period = Arbitraries.of(2, 3, 4, 5, 6, 8, 10, 12);
        Arbitrary<QueueSpec> lq = Combinators.combine(period, Arbitraries.doubles().between(0, 0.6),
                        Arbitraries.integers().between(0, 12), Arbitraries.longs().between(1, 9),
                        Arbitraries.longs().between(0, 9))
                .as((p, onFraction, start, cores, memory) -> QueueSpec.latencySensitive("q",
                        Resources.of(cores, memory), Math.max(1, Math.round(onFraction * p)), p, start));
        Arbitrary<QueueSpec> any = Arbitraries.frequencyOf(Tuple.of(5, lq),
                Tuple.of(1, Arbitraries.just(QueueSpec.throughput("q"))));
        return any.list().ofMinSize(1).ofMaxSize(10).map(list -> IntStream.range(0, list.size())
                .mapToObj(i -> new QueueSpec("q" + i, list.get(i).kind(), list.get(i).alpha(), list.get(i).onSeconds(),
                        list.get(i).periodSeconds(), list.get(i).startSeconds()))
                .toList());
    }
}
