package io.punctual.submit.simulate;

import io.punctual.simulate.engine.Cluster;
import io.punctual.simulate.engine.FinishedRun;
import io.punctual.simulate.engine.Policy;
import io.punctual.simulate.policy.SimTime;
import io.punctual.simulate.workload.JobView;
import io.punctual.sizing.JobKey;
import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.submit.pipeline.Decision;
import io.punctual.submit.pipeline.LargeViolators;
import io.punctual.submit.pipeline.Observation;
import io.punctual.submit.pipeline.Sizing;
import io.punctual.submit.pipeline.SubmissionPipeline;
import io.punctual.submit.request.SubmitArguments;
import io.punctual.submit.request.Submission;
import io.punctual.yarn.AllocationStep;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.ReservationId;
import io.punctual.yarn.ReservationInfo;
import io.punctual.yarn.memory.ManualClock;

import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Punctual as deployed, with first-fit admission (today's gateway), through the gateway's own
 * {@link SubmissionPipeline}: each arrival is decided (RUSH with enough history, else Justice, with the site's
 * settings) and reserved by {@link SubmissionPipeline#reserveOnce} on a {@link ClusterGateway} — the in-memory YARN
 * that passes the same contract tests as the real one (GREE-L placement, plan-follower steps) — in the windows the
 * gateway asks for; the job starts when its reservation opens (at the next whole-second plan-follower step), and no room is a rejection on the spot. A run past
 * its deadline with more tasks started than {@code kill-above-tasks} is killed ({@link LargeViolators}). The
 * reservation holds the executors and the ApplicationMaster's container; the simulated run uses the executors.
 */
final class DeployedPolicy implements Policy {

    private static final SubmitArguments ARGS = SubmitArguments.parse(List.of("simulated.jar"));

    private final String name;
    private final SubmissionPipeline pipeline;
    private final SimulatedLearning learning;
    private final ManualClock clock;
    private final ClusterGateway yarn;
    private final String planQueue;
    private final String team;
    private final Map<Integer, Held> held = new HashMap<>();

    private record Held(ReservationId reservation, int executors, int capacityCpus) {
    }

    DeployedPolicy(String name, SubmissionPipeline pipeline, SimulatedLearning learning, ManualClock clock,
                   ClusterGateway yarn, String planQueue, String team) {
        this.name = name;
        this.pipeline = pipeline;
        this.learning = learning;
        this.clock = clock;
        this.yarn = yarn;
        this.planQueue = planQueue;
        this.team = team;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void arrived(Cluster cluster, JobView job) {
        clock.set(SimTime.at(cluster.now()));
        Submission submission = new Submission("sim-" + job.index(), ARGS, new JobKey(team, job.key()),
                clock.instant(), SimTime.at(job.due()), planQueue, Path.of("."));
        Decision decision = pipeline.decide(submission);
        if (!(decision.sizing() instanceof SizingDecision.Sized sized)) {
            cluster.drop(job, "the deadline cannot be met: " + reason(decision.sizing()));
            return;
        }
        Sizing sizing = decision.sizingFor(sized);
        Observation.ReservationDone done = pipeline.reserveOnce(submission, sizing);
        if (done.held().isEmpty()) {
            cluster.drop(job, done.refusal());
            return;
        }
        ReservationInfo reservation = done.held().get();
        held.put(job.index(), new Held(reservation.id(), sized.executors(), sizing.capacityCpus()));
        cluster.startAt(job, Math.min(sized.executors(), cluster.capacityCpus()),
                Math.max(cluster.now(), Math.ceil(SimTime.seconds(opening(reservation)))));
    }

    @Override
    public void finished(Cluster cluster, FinishedRun run) {
        Held gone = held.remove(run.job().index());
        clock.set(SimTime.at(cluster.now()));
        yarn.release(gone.reservation());
        learning.record(run, gone.executors(), gone.capacityCpus());
    }

    @Override
    public void overdue(Cluster cluster, JobView job) {
        clock.set(SimTime.at(cluster.now()));
        Optional<String> verdict = pipeline.violators().verdict(clock.instant(), SimTime.at(job.due()),
                cluster.tasksStarted(job));
        if (verdict.isPresent()) {
            yarn.release(held.remove(job.index()).reservation());
            cluster.kill(job, verdict.get());
        }
    }

    /** Reservations the simulated YARN still holds (each is released when its job ends). */
    int reservationsHeld() {
        return yarn.reservations(planQueue).size();
    }

    private static Instant opening(ReservationInfo reservation) {
        return reservation.allocation().stream().filter(s -> !s.resources().isZero()).map(AllocationStep::start)
                .min(Instant::compareTo).orElse(reservation.arrival());
    }

    private static String reason(SizingDecision decision) {
        return decision instanceof SizingDecision.Unmeetable u ? u.reason()
                : ((SizingDecision.NotApplicable) decision).reason();
    }
}
