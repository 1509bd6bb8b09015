package io.punctual.submit.simulate;

import io.punctual.simulate.engine.Cluster;
import io.punctual.simulate.engine.FinishedRun;
import io.punctual.simulate.engine.Policy;
import io.punctual.simulate.policy.SimTime;
import io.punctual.simulate.workload.JobView;
import io.punctual.sizing.JobKey;
import io.punctual.sizing.justice.AdmissionPriority;
import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.submit.pipeline.Decision;
import io.punctual.submit.pipeline.LargeViolators;
import io.punctual.submit.pipeline.Observation;
import io.punctual.submit.pipeline.Sizing;
import io.punctual.submit.pipeline.SubmissionPipeline;
import io.punctual.submit.request.AdmissionPolicy;
import io.punctual.submit.request.SubmitArguments;
import io.punctual.submit.request.Submission;
import io.punctual.yarn.AllocationStep;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.ReservationId;
import io.punctual.yarn.ReservationInfo;
import io.punctual.yarn.memory.ManualClock;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Punctual as deployed, through the gateway's own {@link SubmissionPipeline} with the admission policy the pipeline's
 * settings name: each arrival is decided (RUSH with enough history, else Justice, with the site's
 * settings) and reserved by {@link SubmissionPipeline#reserveOnce} on a {@link ClusterGateway} — the in-memory YARN
 * that passes the same contract tests as the real one (GREE-L placement, plan-follower steps) — in the windows the
 * gateway asks for; the job starts when its reservation opens (at the next whole-second plan-follower step). With no room, first-fit
 * rejects on the spot; Justice's admission queue keeps the job waiting and, at every arrival and completion, gives the
 * waiting jobs their turns in {@link AdmissionPriority} order (sized again for the time left, offered the plan, dropped
 * once no sizing meets the deadline), as the gateway's admission rounds do. A run past
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
    private final Map<Integer, Waiting> waiting = new LinkedHashMap<>();

    private record Held(ReservationId reservation, int executors, int capacityCpus) {
    }

    /** A job in the admission queue, with the CPUs its last sizing asked for. */
    private record Waiting(JobView job, Submission submission, int cpus, String refusal) {
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
        if (pipeline.admission() == AdmissionPolicy.JUSTICE) {
            waiting.put(job.index(), new Waiting(job, submission, 0, "not yet offered the plan"));
            round(cluster);
        } else {
            attempt(cluster, new Waiting(job, submission, 0, ""), "")
                    .ifPresent(noRoom -> cluster.drop(job, noRoom.refusal()));
        }
    }

    /** Every waiting job takes its turn, smallest CPUs per second left to its deadline first. */
    private void round(Cluster cluster) {
        Instant now = clock.instant();
        List<Waiting> inTurn = waiting.values().stream().sorted(Comparator.comparing(w -> AdmissionPriority.of(
                w.submission().id(), w.cpus(), w.submission().submittedAt(),
                Duration.between(now, w.submission().deadline())))).toList();
        for (Waiting turn : inTurn) {
            waiting.remove(turn.job().index());
            attempt(cluster, turn, "dropped from the admission queue (last: " + turn.refusal() + "): ")
                    .ifPresent(still -> waiting.put(still.job().index(), still));
        }
    }

    /**
     * Sizes the job for the time it has left and asks for its reservation; starts it when held, drops it (with
     * {@code dropped} before the reason) when no sizing meets its deadline, and otherwise returns it with why not.
     */
    private Optional<Waiting> attempt(Cluster cluster, Waiting turn, String dropped) {
        JobView job = turn.job();
        Decision decision = pipeline.decide(turn.submission());
        if (!(decision.sizing() instanceof SizingDecision.Sized sized)) {
            cluster.drop(job, dropped + "the deadline cannot be met: " + reason(decision.sizing()));
            return Optional.empty();
        }
        Sizing sizing = decision.sizingFor(sized);
        Observation.ReservationDone done = pipeline.reserveOnce(turn.submission(), sizing);
        if (done.held().isEmpty()) {
            return Optional.of(new Waiting(job, turn.submission(), (int) sizing.shapes().total().vcores(),
                    done.refusal()));
        }
        ReservationInfo reservation = done.held().get();
        held.put(job.index(), new Held(reservation.id(), sized.executors(), sizing.capacityCpus()));
        cluster.startAt(job, Math.min(sized.executors(), cluster.capacityCpus()),
                Math.max(cluster.now(), Math.ceil(SimTime.seconds(opening(reservation)))));
        return Optional.empty();
    }

    @Override
    public void finished(Cluster cluster, FinishedRun run) {
        Held gone = held.remove(run.job().index());
        clock.set(SimTime.at(cluster.now()));
        yarn.release(gone.reservation());
        learning.record(run, gone.executors(), gone.capacityCpus());
        round(cluster);
    }

    @Override
    public void overdue(Cluster cluster, JobView job) {
        clock.set(SimTime.at(cluster.now()));
        Optional<String> verdict = pipeline.violators().verdict(clock.instant(), SimTime.at(job.due()),
                cluster.tasksStarted(job));
        if (verdict.isPresent()) {
            yarn.release(held.remove(job.index()).reservation());
            cluster.kill(job, verdict.get());
            round(cluster);
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
