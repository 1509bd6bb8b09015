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
    void aLaterStageIsExpectedAtTheThetaQuantileOfTheRatiosOfStagedRunsOfTheNearestWidths() {
        // 60 one-stage runs say nothing of later stages; 60 staged runs of width 10 with ratios 1..6 (10 of each), and
        // 60 of width 1,000 with ratio 20: a job of width 12 is like the first staged runs
        ParallelWorkPrior prior = ParallelWorkPrior.empty();
        for (int i = 0; i < 60; i++) {
            prior = prior.with(new ParallelWork(1, 1, 10));
            prior = prior.with(new ParallelWork(1, 1, 10, 1 + i % 6));
            prior = prior.with(new ParallelWork(1, 1, 1_000, 20));
        }

        // the 50 staged runs of width 10 nearest in time: ratios 1..6, the newest 50 of them
        assertThat(prior.laterStageRatio(12, 0.9).getAsDouble()).isEqualTo(6.0);
        assertThat(prior.laterStageRatio(12, 0.5).getAsDouble()).isBetween(3.0, 4.0);
        assertThat(prior.laterStageRatio(800, 0.5).getAsDouble()).isEqualTo(20.0);
    }

    @Test
    void tooFewStagedRunsGiveNoLaterStageRatio() {
        ParallelWorkPrior prior = ParallelWorkPrior.empty();
        for (int i = 0; i < 100; i++) {
            prior = prior.with(new ParallelWork(1, 1, 10));
        }
        for (int i = 1; i < ParallelWorkPrior.MIN_RUNS; i++) {
            prior = prior.with(new ParallelWork(1, 1, 10, 3));
        }

        assertThat(prior.laterStageRatio(10, 0.9)).isEmpty();
        assertThat(prior.with(new ParallelWork(1, 1, 10, 3)).laterStageRatio(10, 0.9).getAsDouble()).isEqualTo(3.0);
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

    @Test
    void aJobIsLikeTheRunsOfTheNearestWidthsOnALogScale() {
        // widths 1, 2, 4, ... 2^9, each 10 times, oldest first; τ names the width so the pick can be read back
        ParallelWorkPrior prior = ParallelWorkPrior.empty();
        for (int round = 0; round < 10; round++) {
            for (int k = 0; k < 10; k++) {
                prior = prior.with(new ParallelWork(k, 0, 1 << k));
            }
        }
        // 64 tasks: the 10 runs of 64, then 32 and 128 (as near on a log scale), then 16 and 256 (30 more for 50)
        ParallelWorkPrior like = prior.like(64);

        assertThat(like.runs()).hasSize(ParallelWorkPrior.NEAREST);
        assertThat(like.runs()).extracting(ParallelWork::width)
                .containsOnly(16, 32, 64, 128, 256)
                .filteredOn(w -> w == 64 || w == 32 || w == 128).hasSize(30);
        // a job as narrow as the narrowest runs is like those first, however old
        assertThat(prior.like(1).runs()).extracting(ParallelWork::width).containsOnly(1, 2, 4, 8, 16);
    }

    @Test
    void theNearestRunsAreExactlyThoseNoFartherThanAnyLeftOutNewerFirstAmongTies() {
        SplittableRandom random = new SplittableRandom(11);
        for (int trial = 0; trial < 200; trial++) {
            ParallelWorkPrior prior = ParallelWorkPrior.empty();
            int size = 1 + random.nextInt(3 * ParallelWorkPrior.NEAREST);
            for (int i = 0; i < size; i++) {
                prior = prior.with(new ParallelWork(i, 0, random.nextInt(5) == 0 ? ParallelWork.UNKNOWN_WIDTH
                        : 1 + random.nextInt(2_000)));
            }
            int tasks = 1 + random.nextInt(3_000);

            List<ParallelWork> like = prior.like(tasks).runs();

            assertThat(like).hasSize(Math.min(size, ParallelWorkPrior.NEAREST));
            for (ParallelWork in : like) {
                for (ParallelWork out : prior.runs()) {
                    if (!like.contains(out)) {
                        double din = distance(in, tasks);
                        double dout = distance(out, tasks);
                        // τ is the run's position: among equally near runs the newer is kept
                        assertThat(din < dout || (din == dout && in.perTaskSeconds() > out.perTaskSeconds()))
                                .as("kept %s before %s for %d tasks", in, out, tasks).isTrue();
                    }
                }
            }
        }
    }

    private static double distance(ParallelWork run, int tasks) {
        return run.width() == ParallelWork.UNKNOWN_WIDTH ? Double.POSITIVE_INFINITY
                : Math.abs(Math.log(run.width()) - Math.log(tasks));
    }
}
