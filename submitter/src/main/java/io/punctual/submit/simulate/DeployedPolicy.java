package io.punctual.submit.simulate;

import io.punctual.simulate.engine.Cluster;
import io.punctual.simulate.engine.FinishedRun;
import io.punctual.simulate.engine.Policy;
import io.punctual.simulate.engine.StageSnapshot;
import io.punctual.simulate.policy.SimTime;
import io.punctual.simulate.workload.JobView;
import io.punctual.sizing.JobKey;
import io.punctual.submit.launch.ExecutorTargets;
import io.punctual.submit.pipeline.AdmissionOrder;
import io.punctual.submit.pipeline.Conductor;
import io.punctual.submit.pipeline.Observation;
import io.punctual.submit.pipeline.ReplanRules;
import io.punctual.submit.pipeline.SubmissionOutcome;
import io.punctual.submit.pipeline.SubmissionPipeline;
import io.punctual.submit.pipeline.Sizing;
import io.punctual.submit.pipeline.SubmissionState;
import io.punctual.submit.request.AdmissionPolicy;
import io.punctual.submit.request.DeadlineKeys;
import io.punctual.submit.request.DeadlineUtility;
import io.punctual.submit.request.Submission;
import io.punctual.submit.request.SubmitArguments;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppState;
import io.punctual.yarn.memory.InMemoryClusterGateway;
import io.punctual.yarn.memory.ManualClock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Punctual as deployed: every arrival is a submission that the gateway's own {@link Conductor} drives through the
 * one {@code SubmissionMachine} — size, reserve (and retry), wait for the reservation's queue, launch, follow, move a
 * run out of an ending reservation, kill a large violator, release, learn — against the in-memory YARN that passes
 * the same contract tests as the real one. The launcher submits to that YARN ({@code InMemoryLauncher}); the
 * application runs on the simulator's CPUs from the moment YARN has it, and what the simulator sees of it (its tasks,
 * its end, its deadline passing) reaches the machine as the gateway's poller would report it. Under justice and rush
 * the queued submissions take their turns in the one {@link AdmissionOrder} the gateway's rounds use, at every
 * arrival, completion and kill.
 */
final class DeployedPolicy implements Policy {

    private final String name;
    private final SubmissionPipeline pipeline;
    private final Conductor conductor;
    private final SimulatedLearning learning;
    private final SimulatedInputs inputs;
    private final ManualClock clock;
    private final InMemoryClusterGateway yarn;
    private final String planQueue;
    private final String team;
    private final DeadlineUtility utility;
    private final boolean expiryKills;
    /** Where each submission not yet ended stands, with its job. */
    private final Map<Integer, Tracked> tracked = new HashMap<>();
    /** The sizing each job that started ran with, by job index. */
    private final Map<Integer, Sizing> started = new HashMap<>();
    private final List<AppId> launched = new ArrayList<>();

    private record Tracked(JobView job, SubmissionState state) {
    }

    /** Progress is read at least this far apart, and about ten times over a run's hold. */
    private static final double MIN_READ_SECONDS = 5;

    /** Running jobs by application, for the executor targets re-planning moves. */
    private final Map<AppId, JobView> byApp = new HashMap<>();
    /** When each running job's progress is next read, by job index (one chain of reads per job). */
    private final Map<Integer, Double> nextRead = new HashMap<>();
    /** The CPUs each running job holds on the simulated cluster. */
    private final Map<Integer, Integer> cpusHeld = new HashMap<>();
    private final boolean replans;
    private final ReplanRules rules;
    /** The cluster of the callback under way: what executor targets move. */
    private Cluster cluster;

    /** @param replans whether running jobs are re-planned from their progress (issue 25), or sized once */
    DeployedPolicy(String name, SubmissionPipeline pipeline, SimulatedLearning learning, SimulatedInputs inputs,
                   ManualClock clock, InMemoryClusterGateway yarn, String planQueue, String team,
                   DeadlineUtility utility, boolean expiryKills, boolean replans) {
        this.name = name;
        this.pipeline = pipeline;
        this.replans = replans;
        this.rules = pipeline.replanRules(submission -> true);
        this.conductor = replans ? pipeline.conductor(submission -> Optional.empty(),
                new Conductor.Resizing(rules, this::move)) : pipeline.conductor(submission -> Optional.empty());
        this.learning = learning;
        this.inputs = inputs;
        this.clock = clock;
        this.yarn = yarn;
        this.planQueue = planQueue;
        this.team = team;
        this.utility = utility;
        this.expiryKills = expiryKills;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void arrived(Cluster cluster, JobView job) {
        clock.set(SimTime.at(cluster.now()));
        // The job names its input, as a Spark job names its input paths; sizing measures it if it has no history.
        SubmitArguments args = SubmitArguments.parse(List.of("--conf", DeadlineKeys.INPUT_PATHS + "="
                + inputs.add(job), "simulated.jar"));
        Submission submission = new Submission(SimulatedRuns.id(job), args, new JobKey(team, job.key()),
                clock.instant(), SimTime.at(job.due()), planQueue, Path.of("."));
        advance(cluster, job, new SubmissionState.Received(submission), new Observation.Tick());
        round(cluster);
    }

    /** Time the machine waits for has come: a reservation's queue, a retry, the end of a hold. */
    @Override
    public void woke(Cluster cluster, JobView job) {
        clock.set(SimTime.at(cluster.now()));
        SubmissionState state = stateOf(job);
        if (state instanceof SubmissionState.Running running) {
            advance(cluster, job, state, polled(cluster, job, running.app()));
            read(cluster, job);
        } else if (state != null) {
            advance(cluster, job, state, new Observation.Tick());
        }
    }

    @Override
    public void finished(Cluster cluster, FinishedRun run) {
        clock.set(SimTime.at(cluster.now()));
        SubmissionState state = stateOf(run.job());
        if (state instanceof SubmissionState.Running running) {
            learning.ran(running.submission(), run);
            yarn.finish(running.app(), AppState.SUCCEEDED, "");
            advance(cluster, run.job(), state, polled(cluster, run.job(), running.app()));
        }
        round(cluster);
    }

    /** The deadline passed: the poller's next report, with the tasks started so far, is what Justice's rule judges. */
    @Override
    public void overdue(Cluster cluster, JobView job) {
        clock.set(SimTime.at(cluster.now()));
        if (stateOf(job) instanceof SubmissionState.Running running) {
            advance(cluster, job, running, polled(cluster, job, running.app()));
            round(cluster);
        }
    }

    /** The reservation ended with the run in it (punctual-expiry: nothing moved it): YARN killed it. */
    @Override
    public void expired(Cluster cluster, JobView job) {
        clock.set(SimTime.at(cluster.now()));
        if (stateOf(job) instanceof SubmissionState.Running running) {
            yarn.finish(running.app(), AppState.KILLED, "Application killed due to expiry of reservation queue");
            advance(cluster, job, running, polled(cluster, job, running.app()));
        }
        round(cluster);
    }

    /**
     * Reads a running job's progress when its time has come, as the gateway's poller reads its event log, and lets
     * the machine re-plan it.
     */
    private void read(Cluster cluster, JobView job) {
        Double due = nextRead.get(job.index());
        if (due == null || cluster.now() < due || !(stateOf(job) instanceof SubmissionState.Running running)) {
            return;
        }
        this.cluster = cluster;
        List<StageSnapshot> now = cluster.stages(job);
        SimulatedProgress.of(now, learning.stageTaskSeconds(running.submission().jobKey()),
                        rules.laterStageRatio(now.stream().mapToInt(StageSnapshot::tasks).max().orElse(1)))
                .ifPresent(stages ->
                advance(cluster, job, running, new Observation.Progressed(stages)));
        if (stateOf(job) instanceof SubmissionState.Running still) {
            scheduleRead(cluster, job, still);
        }
    }

    private void scheduleRead(Cluster cluster, JobView job, SubmissionState.Running running) {
        double at = cluster.now() + Math.max(MIN_READ_SECONDS, running.sizing().hold().toMillis() / 10_000.0);
        nextRead.put(job.index(), at);
        cluster.wakeAt(job, at);
    }

    /** The simulated driver: a grown job needs the CPUs free on the simulated cluster, whatever the plan holds. */
    private ExecutorTargets.Move move(String submissionId, AppId app, int executors) {
        JobView job = byApp.get(app);
        if (job == null || !cluster.isRunning(job)) {
            return new ExecutorTargets.Move.Unreachable("application " + app + " is not running");
        }
        int cpus = Math.min(executors, cluster.capacityCpus());
        int held = cpusHeld.get(job.index());
        if (cpus - held > cluster.freeCpus()) {
            return new ExecutorTargets.Move.Refused("only " + cluster.freeCpus() + " CPUs are free on the cluster");
        }
        cluster.resize(job, cpus);
        cpusHeld.put(job.index(), cpus);
        return new ExecutorTargets.Move.Done();
    }

    private SubmissionState stateOf(JobView job) {
        Tracked one = tracked.get(job.index());
        return one == null ? null : one.state();
    }

    private Observation.AppSeen polled(Cluster cluster, JobView job, AppId app) {
        return new Observation.AppSeen(yarn.application(app), cluster.isRunning(job) ? cluster.tasksStarted(job) : 0,
                Optional.empty());
    }

    /** Every queued submission takes its turn in the admission policy's order, as in the gateway's rounds. */
    private void round(Cluster cluster) {
        if (pipeline.admission() == AdmissionPolicy.FIRST_FIT) {
            return;
        }
        Map<String, Tracked> byId = new HashMap<>();
        List<AdmissionOrder.Waiting> waiting = new ArrayList<>();
        tracked.values().forEach(one -> {
            if (one.state() instanceof SubmissionState.Queued queued) {
                byId.put(queued.submission().id(), one);
                waiting.add(new AdmissionOrder.Waiting(queued.submission().id(),
                        (int) queued.sizing().shapes().total().vcores(), queued.sizing().hold(),
                        queued.submission().submittedAt(), queued.submission().deadline(), utility));
            }
        });
        if (waiting.isEmpty()) {
            return;
        }
        for (AdmissionOrder.Turn turn : AdmissionOrder.turns(pipeline.admission(), waiting,
                pipeline.freeCpus(planQueue), clock.instant())) {
            Tracked turned = tracked.get(byId.get(turn.id()).job().index());
            advance(cluster, turned.job(), turned.state(), new Observation.Turn(turn.completeBy()));
        }
    }

    private void advance(Cluster cluster, JobView job, SubmissionState state, Observation observation) {
        SubmissionState next = conductor.advance(state, observation);
        if (next.isEnded()) {
            tracked.remove(job.index());
            nextRead.remove(job.index());
            cpusHeld.remove(job.index());
            if (state instanceof SubmissionState.Running running) {
                byApp.remove(running.app());
            }
            inputs.remove(job);
            ended(cluster, job, ((SubmissionState.Ended) next).outcome());
            return;
        }
        tracked.put(job.index(), new Tracked(job, next));
        follow(cluster, job, next);
    }

    /** What the simulated cluster does for a submission the machine moved on, and when to look at it again. */
    private void follow(Cluster cluster, JobView job, SubmissionState state) {
        if (state instanceof SubmissionState.Running running
                && started.putIfAbsent(job.index(), running.sizing()) == null) {
            launched.add(running.app());
            int cpus = Math.min(running.sizing().shapes().executors(), cluster.capacityCpus());
            double until = expiryKills ? running.holdEnds().map(SimTime::seconds).orElse(Double.POSITIVE_INFINITY)
                    : Double.POSITIVE_INFINITY;
            cluster.startAt(job, cpus, cluster.now(), Math.max(cluster.now(), until));
            cpusHeld.put(job.index(), cpus);
            if (replans) {
                byApp.put(running.app(), job);
                scheduleRead(cluster, job, running);
            }
        }
        SimulatedRuns.nextLook(state, clock.instant(), expiryKills)
                .ifPresent(at -> cluster.wakeAt(job, SimTime.seconds(at)));
        if (state instanceof SubmissionState.Running running && outside(running)) {
            cluster.wakeAt(job, SimTime.seconds(SimulatedRuns.entryLook(running, clock.instant())));
        }
    }

    /** Whether a run launched ahead of its reservation's queue has not entered it yet. */
    private boolean outside(SubmissionState.Running running) {
        return yarn.application(running.app()).filter(report -> !report.state().isFinal())
                .map(report -> running.outsideReservation(report.queue())).orElse(false);
    }

    private void ended(Cluster cluster, JobView job, SubmissionOutcome outcome) {
        if (outcome instanceof SubmissionOutcome.Finished) {
            return;
        }
        String reason = SimulatedRuns.reason(outcome);
        if (started.containsKey(job.index())) {
            if (cluster.isRunning(job)) {
                cluster.kill(job, reason);
            }
        } else {
            cluster.drop(job, reason);
        }
    }

    /** The applications launched, as the simulated YARN reports them now. */
    List<io.punctual.yarn.AppReport> applications() {
        return launched.stream().map(yarn::application).flatMap(Optional::stream).toList();
    }

    /** Reservations the simulated YARN still holds (each is released when its job ends). */
    /** The sizing each started job ran with, by job index: what the machine admitted. */
    Map<Integer, Sizing> startedSizings() {
        return Map.copyOf(started);
    }

    int reservationsHeld() {
        return yarn.reservations(planQueue).size();
    }
}
