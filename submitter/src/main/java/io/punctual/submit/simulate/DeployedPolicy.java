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
import io.punctual.submit.pipeline.AdmissionOrder;
import io.punctual.submit.request.AdmissionPolicy;
import io.punctual.submit.request.DeadlineUtility;
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
 * rejects on the spot; under justice and rush the job waits and, at every arrival, completion and kill, the waiting
 * jobs take their turns in the one {@link AdmissionOrder} the gateway's rounds use (sized again for the time left,
 * offered the plan, dropped once no sizing meets what they are asked to complete by).
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
    private final DeadlineUtility utility;
    private final boolean expiryKills;
    private final Map<Integer, Held> held = new HashMap<>();
    private final Map<Integer, Waiting> waiting = new LinkedHashMap<>();

    private record Held(ReservationId reservation, int executors, int capacityCpus) {
    }

    /** A job in the admission queue, with the CPUs and hold its last sizing asked for. */
    private record Waiting(JobView job, Submission submission, int cpus, Duration hold, String refusal) {
    }

    DeployedPolicy(String name, SubmissionPipeline pipeline, SimulatedLearning learning, ManualClock clock,
                   ClusterGateway yarn, String planQueue, String team, DeadlineUtility utility, boolean expiryKills) {
        this.utility = utility;
        this.expiryKills = expiryKills;
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
        Waiting arrival = new Waiting(job, submission, 0, Duration.ZERO, "not yet offered the plan");
        if (pipeline.admission() == AdmissionPolicy.FIRST_FIT) {
            attempt(cluster, arrival, Optional.empty(), "").ifPresent(noRoom -> cluster.drop(job, noRoom.refusal()));
        } else {
            waiting.put(job.index(), arrival);
            round(cluster);
        }
    }

    /** Every waiting job takes its turn in the admission policy's order, as in the gateway's rounds. */
    private void round(Cluster cluster) {
        Map<String, Waiting> byId = new HashMap<>();
        waiting.values().forEach(w -> byId.put(w.submission().id(), w));
        List<AdmissionOrder.Turn> turns = AdmissionOrder.turns(pipeline.admission(), waiting.values().stream()
                .map(w -> new AdmissionOrder.Waiting(w.submission().id(), w.cpus(), w.hold(),
                        w.submission().submittedAt(), w.submission().deadline(), utility)).toList(),
                pipeline.freeCpus(planQueue), clock.instant());
        for (AdmissionOrder.Turn turn : turns) {
            Waiting next = byId.get(turn.id());
            waiting.remove(next.job().index());
            attempt(cluster, next, turn.completeBy(), "dropped from the admission queue (last: " + next.refusal()
                    + "): ").ifPresent(still -> waiting.put(still.job().index(), still));
        }
    }

    /**
     * Sizes the job for the time it has left and asks for its reservation; starts it when held, drops it (with
     * {@code dropped} before the reason) when no sizing meets its deadline, and otherwise returns it with why not.
     */
    private Optional<Waiting> attempt(Cluster cluster, Waiting turn, Optional<Instant> completeBy, String dropped) {
        JobView job = turn.job();
        Submission asked = completeBy.map(turn.submission()::completingBy).orElse(turn.submission());
        Decision decision = pipeline.decide(asked);
        if (!(decision.sizing() instanceof SizingDecision.Sized sized)) {
            cluster.drop(job, dropped + "the deadline cannot be met: " + reason(decision.sizing()));
            return Optional.empty();
        }
        Sizing sizing = decision.sizingFor(sized);
        Observation.ReservationDone done = pipeline.reserveOnce(asked, sizing);
        if (done.held().isEmpty()) {
            return Optional.of(new Waiting(job, turn.submission(), (int) sizing.shapes().total().vcores(),
                    sizing.hold(), done.refusal()));
        }
        ReservationInfo reservation = done.held().get();
        held.put(job.index(), new Held(reservation.id(), sized.executors(), sizing.capacityCpus()));
        double opens = Math.max(cluster.now(), Math.ceil(SimTime.seconds(opening(reservation))));
        cluster.startAt(job, Math.min(sized.executors(), cluster.capacityCpus()), opens,
                expiryKills ? Math.max(opens, SimTime.seconds(closing(reservation))) : Double.POSITIVE_INFINITY);
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

    /** YARN killed the job when its reservation ended: the reservation is gone, its capacity free for the others. */
    @Override
    public void expired(Cluster cluster, JobView job) {
        clock.set(SimTime.at(cluster.now()));
        yarn.release(held.remove(job.index()).reservation());
        round(cluster);
    }

    /** Reservations the simulated YARN still holds (each is released when its job ends). */
    int reservationsHeld() {
        return yarn.reservations(planQueue).size();
    }

    private static Instant opening(ReservationInfo reservation) {
        return reservation.allocation().stream().filter(s -> !s.resources().isZero()).map(AllocationStep::start)
                .min(Instant::compareTo).orElse(reservation.arrival());
    }

    /** When the reservation's last step of containers ends: YARN kills what still runs in it then. */
    private static Instant closing(ReservationInfo reservation) {
        return reservation.allocation().stream().filter(s -> !s.resources().isZero()).map(AllocationStep::end)
                .max(Instant::compareTo).orElse(reservation.deadline());
    }

    private static String reason(SizingDecision decision) {
        return decision instanceof SizingDecision.Unmeetable u ? u.reason()
                : ((SizingDecision.NotApplicable) decision).reason();
    }
}
