package io.punctual.sizing.bopf;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.Resources;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class DominantResourceFairnessTest {

    @Test
    void theDrfPapersExample() {
        // DRF paper §4: <9 CPUs, 18 GB>; A's tasks need <1 CPU, 4 GB>, B's <3 CPUs, 1 GB>; DRF gives A three tasks
        // <3, 12 GB> and B two <6, 2 GB>, both at dominant share 2/3. As progressive filling at level s:
        // A = s*<4.5, 18 GB>, B = s*<9, 3 GB>; CPU runs out at 13.5 s = 9 -> s = 2/3 (memory would at 21 s = 18).
        Resources capacity = Resources.of(9, 18 * 1024);
        Map<String, Resources> demands = new LinkedHashMap<>();
        demands.put("A", Resources.of(9, 36 * 1024));
        demands.put("B", Resources.of(9, 3 * 1024));

        Map<String, Resources> shares = DominantResourceFairness.share(capacity, capacity, demands);

        assertThat(shares.get("A")).isEqualTo(Resources.of(3, 12 * 1024));
        assertThat(shares.get("B")).isEqualTo(Resources.of(6, 2 * 1024));
    }

    @Test
    void smallDemandsAreMetAndTheRestSplitEvenly() {
        // <10, 10000>: "small" needs <2, 100> (dominant share 0.2) and is met at level 0.2; "x" and "y" both want
        // everything along <1, 1000>. By then 3 * 2 = 6 vcores are used; the other 4 run out at level
        // 0.2 + 4/20 = 0.4, when x = y = 0.4 * <10, 10000> = <4, 4000> (memory: 100 + 8000 = 8100, not short).
        Resources capacity = Resources.of(10, 10000);
        Map<String, Resources> demands = new LinkedHashMap<>();
        demands.put("small", Resources.of(2, 100));
        demands.put("x", Resources.of(10, 10000));
        demands.put("y", Resources.of(10, 10000));

        Map<String, Resources> shares = DominantResourceFairness.share(capacity, capacity, demands);

        assertThat(shares).containsEntry("small", Resources.of(2, 100))
                .containsEntry("x", Resources.of(4, 4000)).containsEntry("y", Resources.of(4, 4000));
    }

    @Property(tries = 500)
    void everyUnmetQueueIsBlockedByAResourceItSharesFairly(@ForAll("capacities") Resources capacity,
                                                           @ForAll("demandLists") List<Resources> demandList) {
        Resources available = Resources.of(capacity.vcores() * 3 / 4, capacity.memoryMb() * 2 / 3);
        Map<String, Resources> demands = new LinkedHashMap<>();
        for (int i = 0; i < demandList.size(); i++) {
            demands.put("e" + i, demandList.get(i));
        }

        Map<String, Resources> shares = DominantResourceFairness.share(available, capacity, demands);

        DrfCheck.assertFair(capacity, available, demands, shares);
    }

    @Provide
    Arbitrary<Resources> capacities() {
        return Combinators.combine(Arbitraries.longs().between(8, 200), Arbitraries.longs().between(8, 100_000))
                .as(Resources::of);
    }

    @Provide
    Arbitrary<List<Resources>> demandLists() {
        return Combinators.combine(Arbitraries.longs().between(0, 120), Arbitraries.longs().between(0, 80_000))
                .as(Resources::of).list().ofMaxSize(8);
    }
}
