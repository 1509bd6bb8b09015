package io.punctual.sizing.rush;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class KeyOrderTest {

    @Property(tries = 300)
    void ordersLikeABoxedSortByKeyThenTie(@ForAll @Size(max = 200) int[] rawKeys,
                                          @ForAll @IntRange(min = 1, max = 5) int spread) {
        // Few distinct keys (raw mod spread) so ties are common and the tie-breaker is exercised.
        int n = rawKeys.length;
        double[] key = Arrays.stream(rawKeys).mapToDouble(k -> Math.floorMod(k, spread)).toArray();
        int[] tie = IntStream.range(0, n).map(i -> (i * 7919) % (n + 1)).toArray();

        int[] order = KeyOrder.ascending(key, tie, n);

        Integer[] expected = IntStream.range(0, n).boxed().toArray(Integer[]::new);
        Arrays.sort(expected, Comparator.<Integer>comparingDouble(i -> key[i]).thenComparingInt(i -> tie[i]));
        assertThat(order).containsExactly(Arrays.stream(expected).mapToInt(Integer::intValue).toArray());
    }
}
