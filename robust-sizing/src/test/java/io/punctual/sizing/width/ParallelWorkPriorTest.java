package io.punctual.sizing.width;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ParallelWorkPriorTest {

    @Test
    void aJobNeedsTheThetaQuantileOfWhatEachKeptRunWouldNeed() {
        // runs of 1..10 s per task and no tail: a 10-task job in 10 s needs τ CPUs were it each run
        ParallelWorkPrior prior = ParallelWorkPrior.empty();
        for (int tau = 1; tau <= 10; tau++) {
            prior = prior.with(new ParallelWork(tau, 0));
        }

        assertThat(prior.usable()).isTrue();
        assertThat(prior.cpusWithin(10, 10, 0.9)).isEqualTo(9.0);
        assertThat(prior.cpusWithin(10, 10, 0.5)).isEqualTo(5.0);
        // on 5 CPUs the task seconds are 2τ: 18 s at 0.9
        assertThat(prior.seconds(10, 5, 0.9)).isEqualTo(18.0);
    }

    @Test
    void onlyTheNewestRunsAreKept() {
        ParallelWorkPrior prior = ParallelWorkPrior.empty();
        for (int i = 0; i < ParallelWorkPrior.KEPT + 3; i++) {
            prior = prior.with(new ParallelWork(i, 0));
        }

        assertThat(prior.runs()).hasSize(ParallelWorkPrior.KEPT);
        assertThat(prior.runs().get(0).perTaskSeconds()).isEqualTo(3.0);
        assertThat(prior.runs().get(ParallelWorkPrior.KEPT - 1).perTaskSeconds()).isEqualTo(ParallelWorkPrior.KEPT + 2);
    }

    @Test
    void tooFewRunsAreNotUsable() {
        ParallelWorkPrior prior = ParallelWorkPrior.empty();
        for (int i = 1; i < ParallelWorkPrior.MIN_RUNS; i++) {
            prior = prior.with(new ParallelWork(1, 1));
        }

        assertThat(prior.usable()).isFalse();
    }

    @Test
    void theQuantileIsTheSmallestValueThatAtLeastThetaOfTheValuesDoNotExceed() {
        SplittableRandom random = new SplittableRandom(3);
        for (int trial = 0; trial < 1_000; trial++) {
            double[] values = new double[1 + random.nextInt(30)];
            for (int i = 0; i < values.length; i++) {
                values[i] = random.nextInt(10);
            }
            double theta = 0.01 + random.nextDouble() * 0.99;

            double q = ParallelWorkPrior.quantile(values, theta);

            List<Double> candidates = new ArrayList<>();
            for (double v : values) {
                long notAbove = java.util.Arrays.stream(values).filter(x -> x <= v).count();
                if (notAbove >= theta * values.length - 1e-9) {
                    candidates.add(v);
                }
            }
            assertThat(q).isEqualTo(candidates.stream().mapToDouble(Double::doubleValue).min().orElseThrow());
        }
    }
}
