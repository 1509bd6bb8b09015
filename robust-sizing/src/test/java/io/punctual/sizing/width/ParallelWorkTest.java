package io.punctual.sizing.width;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ParallelWorkTest {

    @Test
    void aRunSplitsIntoWorkPerTaskOfItsWidestStageAndTheLongestTaskOfEachStage() {
        // stage 1: 10 tasks of 3 s (30 s, longest 3); stage 2: 2 tasks of 6 s (12 s, longest 6); widest 10 tasks.
        ParallelWork work = ParallelWork.of(new double[] {30, 12}, new double[] {3, 6}, new int[] {10, 2}, 10);

        assertThat(work.perTaskSeconds()).isEqualTo(4.2);
        assertThat(work.tailSeconds()).isEqualTo(9.0);
        // on 5 CPUs: 9 + (42 − 9) / 5 = 15.6 s, which bounds the 6 + 6 = 12 s the stages take
        assertThat(work.seconds(10, 5)).isCloseTo(15.6, org.assertj.core.data.Offset.offset(1e-9));
        // to end within 13.2 s: (42 − 9) / (13.2 − 9) = 7.857 CPUs
        assertThat(work.cpusWithin(10, 13.2)).isCloseTo(33 / 4.2, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(work.cpusWithin(10, 9.0)).isInfinite();
    }

    @Test
    void laterStagesAreComparedWithTheFirstByTheirMeanTaskTime() {
        // first stage: 10 tasks, 30 s (3 s each); later: 2 tasks of 6 s and 4 tasks of 1.5 s, 18 s over 6 tasks = 3 s
        ParallelWork even = ParallelWork.of(new double[] {30, 12, 6}, new double[] {3, 6, 1.5}, new int[] {10, 2, 4},
                10);
        // a map stage of 3 s tasks and a reduce stage of 9 s tasks: three times as long
        ParallelWork reduce = ParallelWork.of(new double[] {30, 36}, new double[] {3, 9}, new int[] {10, 4}, 10);
        ParallelWork oneStage = ParallelWork.of(new double[] {30}, new double[] {3}, new int[] {10}, 10);

        assertThat(even.laterStageRatio()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(reduce.laterStageRatio()).isCloseTo(3.0, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(reduce.hasLaterStages()).isTrue();
        assertThat(oneStage.laterStageRatio()).isEqualTo(ParallelWork.ONE_STAGE);
        assertThat(oneStage.hasLaterStages()).isFalse();
        // the ratio does not change the split the sizer uses
        assertThat(reduce.perTaskSeconds()).isEqualTo(6.6);
    }

    @Test
    void aOneTaskRunStillTeachesHowLongItsTaskRan() {
        ParallelWork work = ParallelWork.of(new double[] {5}, new double[] {5}, new int[] {1}, 1);

        assertThat(work.perTaskSeconds()).isEqualTo(5.0);
        assertThat(work.tailSeconds()).isEqualTo(5.0);
        // a job of one task like it takes its 5 s on one CPU, and no more CPUs make it shorter
        assertThat(work.seconds(1, 1)).isEqualTo(5.0);
        assertThat(work.cpusWithin(1, 5.0)).isZero();
        assertThat(work.cpusWithin(1, 4.9)).isInfinite();
        // twenty tasks like it: 5 + 95 / k
        assertThat(work.cpusWithin(20, 24.0)).isEqualTo(5.0);
    }

    @Test
    void theBoundHoldsForEveryGreedySchedule() {
        // Graham's bound against a list scheduler that runs each stage's tasks in order on the first free CPU.
        SplittableRandom random = new SplittableRandom(7);
        for (int trial = 0; trial < 2_000; trial++) {
            int stages = 1 + random.nextInt(3);
            double[][] tasks = new double[stages][];
            double[] total = new double[stages];
            double[] longest = new double[stages];
            int[] counts = new int[stages];
            int widest = 1;
            for (int s = 0; s < stages; s++) {
                tasks[s] = new double[1 + random.nextInt(40)];
                counts[s] = tasks[s].length;
                for (int t = 0; t < tasks[s].length; t++) {
                    tasks[s][t] = 0.1 + random.nextDouble() * 20;
                    total[s] += tasks[s][t];
                    longest[s] = Math.max(longest[s], tasks[s][t]);
                }
                widest = Math.max(widest, tasks[s].length);
            }
            int cpus = 1 + random.nextInt(50);
            double bound = ParallelWork.of(total, longest, counts, widest).seconds(widest, cpus);

            assertThat(greedySeconds(tasks, cpus)).isLessThanOrEqualTo(bound + 1e-9);
        }
    }

    @Test
    void aJobNarrowerThanTheRunDoesAllItsWorkAsTailAndMoreCpusNeverSlowItDown() {
        // 10 tasks of 3 s: τ = 3, tail 3; a 1-task job like it takes 3 s on any number of CPUs
        ParallelWork work = ParallelWork.of(new double[] {30}, new double[] {3}, new int[] {10}, 10);
        ParallelWork tailHeavy = new ParallelWork(1, 8);

        assertThat(work.seconds(1, 4)).isEqualTo(3.0);
        // a tail longer than a 2-task job's 2 s of work: all 2 s are tail
        assertThat(tailHeavy.seconds(2, 1)).isEqualTo(2.0);
        assertThat(tailHeavy.seconds(2, 5)).isEqualTo(2.0);
        assertThat(tailHeavy.cpusWithin(2, 2.0)).isZero();
        assertThat(tailHeavy.cpusWithin(2, 1.9)).isInfinite();
    }

    @Test
    void theCpusNeededAndTheSecondsTakenAgreeForEveryWidthAndWindow() {
        // seconds(W, k) ≤ s exactly when k ≥ cpusWithin(W, s): the sizer picks k from one and holds for the other
        SplittableRandom random = new SplittableRandom(11);
        for (int trial = 0; trial < 20_000; trial++) {
            ParallelWork work = new ParallelWork(0.1 + random.nextDouble() * 10, random.nextDouble() * 30);
            int width = 1 + random.nextInt(200);
            double window = random.nextDouble() * 200;
            int cpus = 1 + random.nextInt(300);

            boolean fits = work.seconds(width, cpus) <= window + 1e-9;

            assertThat(fits).as("%s, width %d, %d CPUs, %.3f s", work, width, cpus, window)
                    .isEqualTo(cpus >= work.cpusWithin(width, window) - 1e-9);
        }
    }

    @Test
    void aDamagedSplitIsRefused() {
        assertThatThrownBy(() -> new ParallelWork(-1, 0)).hasMessageContaining("≥ 0");
        assertThatThrownBy(() -> ParallelWork.of(new double[] {1}, new double[] {}, new int[] {1}, 1))
                .hasMessageContaining("one longest task and one task count per stage");
        assertThatThrownBy(() -> new ParallelWork(1, 0, 1, -0.5)).hasMessageContaining("later-stage ratio");
        assertThatThrownBy(() -> new ParallelWork(1, 0, 1, Double.NaN)).hasMessageContaining("later-stage ratio");
    }

    private static double greedySeconds(double[][] stages, int cpus) {
        double clock = 0;
        for (double[] stage : stages) {
            PriorityQueue<Double> free = new PriorityQueue<>();
            for (int c = 0; c < cpus; c++) {
                free.add(clock);
            }
            double end = clock;
            for (double task : stage) {
                double finish = free.poll() + task;
                end = Math.max(end, finish);
                free.add(finish);
            }
            clock = end;
        }
        return clock;
    }
}
