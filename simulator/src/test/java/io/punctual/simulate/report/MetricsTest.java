package io.punctual.simulate.report;

import io.punctual.simulate.engine.JobResult;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class MetricsTest {

    @Test
    void jainsIndexIsOneForEqualSharesAndOneOverNForOneWinner() {
        assertThat(Metrics.jain(new double[] {0.5, 0.5, 0.5})).isCloseTo(1.0, within(1e-12));
        assertThat(Metrics.jain(new double[] {1, 0, 0, 0})).isCloseTo(0.25, within(1e-12));
        // (1 + 0.5)² / (2 × (1 + 0.25)) = 2.25 / 2.5
        assertThat(Metrics.jain(new double[] {1, 0.5})).isCloseTo(0.9, within(1e-12));
    }

    @Test
    void equalityComparesAllocationsOnlyWithinAClassOfEqualDemand() {
        // Demand 4: allocations 2 and 2 (index 1). Demand 8: allocations 8 and 0 (index 0.5). Weighted by size: 0.75.
        List<JobResult> rows = List.of(row(4, 2), row(4, 2), row(8, 8), row(8, 0));
        assertThat(Metrics.equality(rows)).isCloseTo(0.75, within(1e-12));
    }

    private static JobResult row(int requested, double allocated) {
        return new JobResult("p", "j", 0, 10, true, 0, 5, true, allocated * 5, allocated, false, "", requested);
    }
}
