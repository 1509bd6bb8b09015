package io.punctual.simulate.workload;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;
import java.util.stream.DoubleStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DeadlineTypeTest {

    @Test
    void multiplesFollowTheJusticePapersDefinitions() {
        assertThat(draws(DeadlineType.FIXED1X)).containsOnly(1.0);
        assertThat(draws(DeadlineType.FIXED2X)).containsOnly(2.0);
        assertThat(draws(DeadlineType.JOCKEY1X2X)).containsOnly(1.0, 2.0);
        assertThat(draws(DeadlineType.JOCKEY2X4X)).containsOnly(2.0, 4.0);
        double[] loose = draws(DeadlineType.LOOSE90);
        assertThat(DoubleStream.of(loose).filter(x -> x == 2).count() / (double) loose.length).isBetween(0.85, 0.95);
        assertThat(DoubleStream.of(draws(DeadlineType.ARIA1X3X)).boxed()).allSatisfy(x -> assertThat(x).isBetween(1.0, 3.0));
        assertThat(DoubleStream.of(draws(DeadlineType.ARIA2X4X)).boxed()).allSatisfy(x -> assertThat(x).isBetween(2.0, 4.0));
    }

    @Test
    void namesParseAsWrittenAndAnUnknownOneListsTheKnown() {
        assertThat(DeadlineType.parse("90loose")).isEqualTo(DeadlineType.LOOSE90);
        assertThat(DeadlineType.parse("jockey1x2x")).isEqualTo(DeadlineType.JOCKEY1X2X);
        assertThatThrownBy(() -> DeadlineType.parse("Fixed3x")).hasMessageContaining("unknown deadline type")
                .hasMessageContaining("Fixed1x, Fixed2x, Jockey1x2x");
    }

    private static double[] draws(DeadlineType type) {
        SplittableRandom random = new SplittableRandom(5);
        return DoubleStream.generate(() -> type.multiple(random)).limit(2000).toArray();
    }
}
