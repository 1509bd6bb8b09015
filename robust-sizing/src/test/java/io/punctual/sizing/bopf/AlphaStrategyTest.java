package io.punctual.sizing.bopf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.sizing.Resources;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class AlphaStrategyTest {

    @Test
    void eachResourceTakesItsOwnQuantile() {
        // vcores 1..10 and memory 10000, 9000, ..., 1000 (the largest memory comes with the smallest vcores).
        // p = 0.9, n = 10: rank ceil(9) = 9 -> vcores 9, memory 9000; p = 0.95: rank ceil(9.5) = 10 -> 10, 10000.
        List<Resources> bursts = new ArrayList<>();
        for (int i = 1; i <= 10; i++) {
            bursts.add(Resources.of(i, 11000 - 1000L * i));
        }

        assertThat(AlphaStrategy.quantile(bursts, 0.9)).isEqualTo(Resources.of(9, 9000));
        assertThat(AlphaStrategy.quantile(bursts, 0.95)).isEqualTo(Resources.of(10, 10000));
        assertThat(AlphaStrategy.quantile(bursts, 0.1)).isEqualTo(Resources.of(1, 1000));
        // Joint 0.81 on two independent resources -> each at sqrt(0.81) = 0.9.
        assertThat(AlphaStrategy.forJointConfidence(bursts, 0.81)).isEqualTo(Resources.of(9, 9000));
    }

    @Property(tries = 300)
    void atLeastAFractionPOfBurstsFitInEachResource(@ForAll @Size(min = 1, max = 50) List<@LongRange(max = 1000) Long> cores,
                                                    @ForAll @DoubleRange(min = 0.01, max = 1) double p) {
        List<Resources> bursts = cores.stream().map(c -> Resources.of(c, 2 * c + 1)).toList();

        Resources alpha = AlphaStrategy.quantile(bursts, p);

        long covered = bursts.stream().filter(b -> b.vcores() <= alpha.vcores()).count();
        long strictlyBelow = bursts.stream().filter(b -> b.vcores() < alpha.vcores()).count();
        assertThat(covered).isGreaterThanOrEqualTo((long) Math.ceil(p * bursts.size() - 1e-9));
        assertThat(strictlyBelow).isLessThan((long) Math.ceil(p * bursts.size() - 1e-9));
        assertThat(bursts).contains(alpha);
    }

    @Test
    void withoutHistoryThereIsNoAlpha() {
        assertThatThrownBy(() -> AlphaStrategy.quantile(List.of(), 0.9)).hasMessageContaining("declare alpha directly");
        assertThatThrownBy(() -> AlphaStrategy.quantile(List.of(Resources.of(1, 1)), 0))
                .hasMessageContaining("(0, 1]");
    }
}
