package io.punctual.simulate.engine;

import io.punctual.simulate.cluster.ClusterSpec;
import io.punctual.simulate.workload.JobView;
import io.punctual.simulate.workload.SimJob;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class SimulationTest {

    /** One node of 4 one-vcore containers. */
    private static final ClusterSpec FOUR = new ClusterSpec(1, 4, 8192, 2048);

    private static SimJob job(int index, double arrival, int tasks, double taskSeconds, double deadline) {
        return new SimJob(index, "j" + index, "k", arrival, new SimJob.Stages(new int[] {tasks},
                new double[] {taskSeconds}), 0, deadline, null);
    }

    @Test
    void aFixedAllocationRunsAsTheModelSaysAndIsBookedInFull() {
        List<SimJob> jobs = List.of(job(0, 5, 8, 10, 100));
        RunResult run = Simulation.run(jobs, FOUR, new StartAll(2), 60);
        JobResult row = run.jobs().get(0);
        assertThat(row.start()).isEqualTo(5);
        assertThat(row.finish()).isCloseTo(5 + 40, within(1e-9));
        assertThat(row.cpuSeconds()).isCloseTo(80, within(1e-9));
        assertThat(row.metDeadline()).isTrue();
        assertThat(run.peakCpus()).isEqualTo(2);
    }

    @Test
    void aReservationStartsWhenItOpensAndWaitsWhileAnOverrunningJobHoldsItsCpus() {
        // Job 0 takes all 4 CPUs for 30 s. Job 1's reservation opens at 10 s, but job 0 (which outran whatever it
        // had reserved) still holds the CPUs: job 1 starts at 30 s, when they are free, not at 10 s.
        List<SimJob> jobs = List.of(job(0, 0, 4, 30, 100), job(1, 1, 2, 5, 100), job(2, 2, 1, 5, 100));
        Policy policy = new Policy() {
            @Override
            public String name() {
                return "reserving";
            }

            @Override
            public void arrived(Cluster cluster, JobView job) {
                if (job.index() == 0) {
                    cluster.start(job, 4);
                } else {
                    cluster.startAt(job, 2, job.index() == 1 ? 10 : 50);
                }
            }

            @Override
            public void finished(Cluster cluster, FinishedRun run) {
            }
        };
        RunResult run = Simulation.run(jobs, FOUR, policy, 60);
        assertThat(run.jobs().get(1).start()).isEqualTo(30);
        assertThat(run.jobs().get(2).start()).isEqualTo(50);
        assertThat(run.peakCpus()).isEqualTo(4);
    }

    @Test
    void aResizedJobRunsTheRestOfItsWorkAtTheNewAllocationAndFreesOrTakesTheDifference() {
        // 8 tasks of 10 s: 40 s on 2 CPUs. Grown to 4 halfway (at 25 s, half the work done), the other half takes
        // 10 s more at 4 CPUs; shrunk back to 1 at 30 s, the last quarter takes 20 s. Job 1's 3-CPU reservation
        // opens at 26 s and starts only when the shrink leaves 3 free.
        List<SimJob> jobs = List.of(job(0, 5, 8, 10, 100), job(1, 6, 3, 5, 100));
        List<Double> done = new java.util.ArrayList<>();
        Policy replanning = new Policy() {
            @Override
            public String name() {
                return "replanning";
            }

            @Override
            public void arrived(Cluster cluster, JobView job) {
                if (job.index() == 0) {
                    cluster.start(job, 2);
                    cluster.wakeAt(job, 25);
                    cluster.wakeAt(job, 30);
                } else {
                    cluster.startAt(job, 3, 26);
                }
            }

            @Override
            public void woke(Cluster cluster, JobView job) {
                done.add(cluster.workDone(job));
                cluster.resize(job, cluster.now() < 26 ? 4 : 1);
            }

            @Override
            public void finished(Cluster cluster, FinishedRun run) {
            }
        };

        RunResult run = Simulation.run(jobs, FOUR, replanning, 60);

        assertThat(done).containsExactly(0.5, 0.75);
        JobResult grown = run.jobs().get(0);
        assertThat(grown.finish()).isCloseTo(50, within(1e-9));
        assertThat(grown.cpuSeconds()).isCloseTo(2 * 20 + 4 * 5 + 1 * 20, within(1e-9));
        assertThat(run.jobs().get(1).start()).isEqualTo(30);
        assertThat(run.peakCpus()).isEqualTo(4);
    }

    @Test
    void aResizeSpeedsUpOnlyTheTasksNotTheLaunchAndTheStagesShowWhatTheEventLogWould() {
        // A 10 s launch, then 8 tasks of 10 s: 50 s on 2 CPUs. At 30 s the launch and half the tasks are done; grown
        // to 4 CPUs, the other four tasks take one 10 s wave: it ends at 40 s, not at 42 s as it would if a share of
        // the launch were still to run at the new pace. Job 1, grown at 5 s while it launches, finishes the 5 s of
        // launch it has left and then its tasks at the new pace: 5 + 5 + 20 = 30 s.
        List<SimJob> jobs = List.of(new SimJob(0, "j0", "k", 0, new SimJob.Stages(new int[] {8}, new double[] {10}),
                10, 100, null), new SimJob(1, "j1", "k", 0, new SimJob.Stages(new int[] {8}, new double[] {10}), 10,
                100, null));
        List<List<StageSnapshot>> seen = new java.util.ArrayList<>();
        Policy replanning = new Policy() {
            @Override
            public String name() {
                return "replanning";
            }

            @Override
            public void arrived(Cluster cluster, JobView job) {
                cluster.start(job, 2);
                cluster.wakeAt(job, job.index() == 0 ? 30 : 5);
            }

            @Override
            public void woke(Cluster cluster, JobView job) {
                seen.add(cluster.stages(job));
                cluster.resize(job, 4);
            }

            @Override
            public void finished(Cluster cluster, FinishedRun run) {
            }
        };
        RunResult run = Simulation.run(jobs, new ClusterSpec(2, 4, 16384, 1024), replanning, 60);

        assertThat(run.jobs().get(0).finish()).isCloseTo(40, within(1e-9));
        assertThat(run.jobs().get(1).finish()).isCloseTo(30, within(1e-9));
        // Job 1 at 5 s is still launching: no task started. Job 0 at 30 s: 4 of 8 tasks done, 2 starting.
        assertThat(seen.get(0)).containsExactly(new StageSnapshot(8, 0, 0, 0, 0));
        assertThat(seen.get(1)).containsExactly(new StageSnapshot(8, 4, 2, 10, 0));
    }

    @Test
    void growingBeyondWhatIsFreeIsStoppedAtOnce() {
        List<SimJob> jobs = List.of(job(0, 0, 8, 10, 100), job(1, 1, 8, 10, 100));
        Policy greedy = new Policy() {
            @Override
            public String name() {
                return "greedy";
            }

            @Override
            public void arrived(Cluster cluster, JobView job) {
                cluster.start(job, 2);
                if (job.index() == 1) {
                    cluster.resize(job, 3);
                }
            }

            @Override
            public void finished(Cluster cluster, FinishedRun run) {
            }
        };
        assertThatThrownBy(() -> Simulation.run(jobs, FOUR, greedy, 60)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cannot grow from 2 to 3");
    }

    @Test
    void aPolicyThatOverCommitsTheClusterIsStoppedAtOnce() {
        List<SimJob> jobs = List.of(job(0, 0, 8, 10, 100), job(1, 1, 8, 10, 100));
        assertThatThrownBy(() -> Simulation.run(jobs, FOUR, new StartAll(3), 60))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("over-committed");
    }

    @Test
    void jobsLeftWaitingAtTheEndAreReportedAsDroppedWithAReason() {
        List<SimJob> jobs = List.of(job(0, 0, 1, 1, 10));
        Policy idle = new Policy() {
            @Override
            public String name() {
                return "idle";
            }

            @Override
            public void arrived(Cluster cluster, JobView job) {
            }

            @Override
            public void finished(Cluster cluster, FinishedRun run) {
            }
        };
        JobResult row = Simulation.run(jobs, FOUR, idle, 60).jobs().get(0);
        assertThat(row.dropped()).isTrue();
        assertThat(row.admitted()).isFalse();
        assertThat(row.reason()).contains("still waiting");
    }

    @Test
    void jobsMustComeInArrivalOrder() {
        List<SimJob> jobs = List.of(job(0, 5, 1, 1, 10), job(1, 1, 1, 1, 10));
        assertThatThrownBy(() -> Simulation.run(jobs, FOUR, new StartAll(1), 60))
                .hasMessageContaining("arrival order");
    }

    /** Starts every job at once with a fixed number of CPUs. */
    private record StartAll(int cpus) implements Policy {
        @Override
        public String name() {
            return "start-all";
        }

        @Override
        public void arrived(Cluster cluster, JobView job) {
            cluster.start(job, cpus);
        }

        @Override
        public void finished(Cluster cluster, FinishedRun run) {
        }
    }
}
