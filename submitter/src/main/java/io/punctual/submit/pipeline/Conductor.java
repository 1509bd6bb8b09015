package io.punctual.submit.pipeline;

import io.punctual.submit.launch.ExecutorTargets;
import io.punctual.submit.launch.LaunchedApp;
import io.punctual.submit.request.DeadlineKeys;
import io.punctual.submit.request.Submission;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.AppState;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.ClusterUnreachable;
import io.punctual.yarn.GatewayException;
import io.punctual.yarn.ReservationId;
import io.punctual.yarn.ReservationOutcome;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.OptionalDouble;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Carries out what {@link SubmissionMachine} asks — sizing, reserving, launching, polling, killing, releasing,
 * learning — against the cluster, the launcher and learning, and feeds each answer back until the submission waits
 * for time or for the world. Every entry point drives submissions through one of these: the CLI with its own ticks,
 * the gateway with its launch pool, its shared poller and its recovery.
 */
public final class Conductor {

    private final SubmissionMachine machine;
    private final SubmissionPipeline pipeline;
    private final ClusterGateway gateway;
    private final Clock clock;
    private final Consumer<SubmissionEvent> events;
    private final Queues queues;
    private final Consumer<Duration> sizingTook;
    private final ExecutorTargets targets;
    private final boolean replans;
    private final IntFunction<OptionalDouble> laterStageRatio;
    private final Map<AppId, EventLogProgress> progress = new ConcurrentHashMap<>();
    private final Map<AppId, LaunchedApp> submitters = new ConcurrentHashMap<>();
    /** Applications whose move into their reservation's queue YARN refused, so the refusal is told once. */
    private final Set<AppId> entryRefused = ConcurrentHashMap.newKeySet();

    /**
     * Where a submission's application goes outside a reservation.
     *
     * @param bestEffort where a submission runs without a reservation (one without a deadline), if anywhere
     * @param late       where a run that outlives its reservation goes
     */
    public record Queues(Function<Submission, Optional<String>> bestEffort, Function<Submission, String> late) {
    }

    /**
     * Re-planning running jobs (issue 25): the rules that turn progress into a resize, and what moves a running
     * application's executors.
     */
    public record Resizing(ReplanRules rules, ExecutorTargets targets) {
    }

    /**
     * @param sizingTook told how long each learn-and-size took (the gateway's metrics)
     * @param resizing   how running jobs are re-planned from their progress; empty: each is sized once
     */
    public Conductor(SubmissionPipeline pipeline, ClusterGateway gateway, Clock clock,
                     Consumer<SubmissionEvent> events, Queues queues, Consumer<Duration> sizingTook,
                     Optional<Resizing> resizing) {
        this.sizingTook = sizingTook;
        this.machine = new SubmissionMachine(pipeline.violators(), pipeline.admission(),
                resizing.map(Resizing::rules));
        this.targets = resizing.map(Resizing::targets).orElse(ExecutorTargets.NONE);
        this.replans = resizing.isPresent();
        this.laterStageRatio = resizing.<IntFunction<OptionalDouble>>map(r -> r.rules()::laterStageRatio)
                .orElse(width -> OptionalDouble.empty());
        this.pipeline = pipeline;
        this.gateway = gateway;
        this.clock = clock;
        this.events = events;
        this.queues = queues;
    }

    /**
     * Moves the submission on from what was observed, doing every action and feeding back its answer, until nothing
     * more happens without time passing. {@code recorded} sees every state it passes through, so a durable store can
     * keep up.
     */
    public SubmissionState advance(SubmissionState state, Observation observation,
                                   UnaryOperator<SubmissionState> recorded) {
        Deque<Observation> pending = new ArrayDeque<>();
        pending.add(observation);
        SubmissionState current = state;
        while (!pending.isEmpty()) {
            Observation seen = pending.poll();
            SubmissionMachine.Step step = machine.next(current, seen, clock.instant());
            if (!step.state().equals(current)) {
                SubmissionState kept = recorded.apply(step.state());
                if (!kept.equals(step.state())) {
                    // Someone else ended it meanwhile (a kill while this launched): answer from where it really is.
                    step = machine.next(kept, seen, clock.instant());
                }
                if (kept.isEnded() && !current.isEnded()) {
                    // Nothing moves its executors again; forgotten before the end's actions, as learning reads the
                    // whole event log.
                    targets.forget(kept.submission().id());
                }
                current = kept;
            }
            for (Action action : step.actions()) {
                perform(current, action).ifPresent(pending::add);
            }
        }
        return current;
    }

    public SubmissionState advance(SubmissionState state, Observation observation) {
        return advance(state, observation, s -> s);
    }

    private Optional<Observation> perform(SubmissionState state, Action action) {
        Submission submission = state.submission();
        if (action instanceof Action.Size size) {
            long started = System.nanoTime();
            Optional<String> bestEffort = queues.bestEffort().apply(submission);
            Decision decision = pipeline.decide(size.completeBy().map(submission::completingBy).orElse(submission),
                    bestEffort);
            sizingTook.accept(Duration.ofNanos(System.nanoTime() - started));
            return Optional.of(new Observation.SizingDone(decision, bestEffort, size.completeBy()));
        } else if (action instanceof Action.Reserve reserve) {
            Observation.ReservationDone done = pipeline.reserveOnce(reserve.completeBy().map(submission::completingBy)
                    .orElse(submission), reserve.sizing());
            return Optional.of(done.held().isEmpty() ? done : done.launchingAheadInto(queues.late().apply(submission)));
        } else if (action instanceof Action.CheckQueue check) {
            return Optional.of(checkQueue(submission, check));
        } else if (action instanceof Action.Launch launch) {
            return Optional.of(launch(state, launch));
        } else if (action instanceof Action.FindByTag) {
            return Optional.of(findByTag(submission));
        } else if (action instanceof Action.Poll poll) {
            return Optional.of(seen(poll.app(), gateway.application(poll.app())));
        } else if (action instanceof Action.Resize resize) {
            return Optional.of(resize(submission, resize));
        } else if (action instanceof Action.LeaveReservation leave) {
            events.accept(new SubmissionEvent.Note(leaveReservation(submission, leave)));
            return Optional.empty();
        } else if (action instanceof Action.EnterReservation enter) {
            enterReservation(submission, enter);
            return Optional.empty();
        }
        act(action);
        return Optional.empty();
    }

    /** The actions nothing answers. */
    private void act(Action action) {
        if (action instanceof Action.Kill kill) {
            gateway.kill(kill.app(), kill.why());
            stopSubmitter(kill.app());
        } else if (action instanceof Action.Release release) {
            pipeline.release(release.reservation());
        } else if (action instanceof Action.Learn learn) {
            progress.remove(learn.finished().app());
            entryRefused.remove(learn.finished().app());
            stopSubmitter(learn.finished().app());
            pipeline.learnFrom(learn.finished());
        } else if (action instanceof Action.Tell tell) {
            events.accept(tell.event());
        }
    }

    private Observation launch(SubmissionState state, Action.Launch launch) {
        boolean reserved = !(state instanceof SubmissionState.Launching launching) || launching.reservation().isPresent();
        SubmissionPipeline.Started started = pipeline.launchInQueue(state.submission(), launch.sizing(), launch.queue(),
                reserved);
        started.submitter().ifPresent(process -> started.answer().app().ifPresent(app -> submitters.put(app, process)));
        return started.answer();
    }

    /** Moves the application out of its reservation's queue; says what happened, for the user. */
    private String leaveReservation(Submission submission, Action.LeaveReservation leave) {
        String ends = "its reservation ends at " + leave.holdEnds() + " and it still runs";
        String into = queues.late().apply(submission);
        try {
            String queue = gateway.leaveReservation(leave.app(), into);
            return ends + ": moved it into queue " + queue + ", where it keeps its executors and finishes late as"
                    + " best-effort work instead of being killed with the reservation";
        } catch (GatewayException refused) {
            return ends + ", and it could not be moved out of it (" + refused.getMessage() + "): YARN will kill it"
                    + " when the reservation ends";
        }
    }

    /** Tells the move into the reservation's queue once, and a refusal once per application. */
    private void enterReservation(Submission submission, Action.EnterReservation enter) {
        String queue = enter.reservation().queueName();
        try {
            if (gateway.enterReservation(enter.app(), submission.planQueue(), enter.reservation()).equals(queue)) {
                entryRefused.remove(enter.app());
                events.accept(new SubmissionEvent.Note("entered its reservation's queue " + queue));
            }
        } catch (GatewayException refused) {
            if (entryRefused.add(enter.app())) {
                events.accept(new SubmissionEvent.Note("could not move it into its reservation's queue " + queue
                        + " (" + refused.getMessage() + "); it runs on where it was launched, without the reserved"
                        + " capacity, and the move is tried again at each report"));
            }
        }
    }

    /**
     * The reservation first, so that a grown run never holds containers its plan does not; then the executor target.
     * When the target cannot move, the reservation goes back to what the run holds and re-planning stops for it.
     */
    private Observation.Resized resize(Submission submission, Action.Resize resize) {
        Optional<Instant> holdEnds = Optional.empty();
        if (resize.reservation().isPresent()) {
            ReservationId id = resize.reservation().get();
            ReservationOutcome outcome = pipeline.resizeReservation(submission, resize.sizing(), id, resize.to(),
                    resize.holdEnds());
            if (outcome instanceof ReservationOutcome.Refused refused) {
                return new Observation.Resized(resize, Optional.empty(), Optional.of("YARN's plan: "
                        + refused.reason()), Optional.empty());
            }
            holdEnds = ((ReservationOutcome.Reserved) outcome).reservation().end();
        }
        // Where only the hold moved (a run not started yet), the driver's target stays where it is.
        ExecutorTargets.Move move = resize.to() == resize.from() ? new ExecutorTargets.Move.Done()
                : targets.move(submission.id(), resize.app(), resize.to());
        if (move instanceof ExecutorTargets.Move.Done) {
            return new Observation.Resized(resize, holdEnds, Optional.empty(), Optional.empty());
        }
        resize.reservation().ifPresent(id -> pipeline.resizeReservation(submission, resize.sizing(), id,
                resize.from(), resize.holdEnds()));
        return move instanceof ExecutorTargets.Move.Refused refused
                ? new Observation.Resized(resize, Optional.empty(), Optional.of(refused.why()), Optional.empty())
                : new Observation.Resized(resize, Optional.empty(), Optional.empty(),
                Optional.of(((ExecutorTargets.Move.Unreachable) move).why()));
    }

    /** In client mode spark-submit is the driver: it is stopped only once the application is over. */
    private void stopSubmitter(AppId app) {
        Optional.ofNullable(submitters.remove(app)).ifPresent(LaunchedApp::stopSubmitter);
    }

    private Observation checkQueue(Submission submission, Action.CheckQueue check) {
        try {
            return new Observation.QueueSeen(gateway.reservationQueue(submission.planQueue(), check.reservation()));
        } catch (ClusterUnreachable unanswered) {
            // Not a lost queue: YARN said nothing. The caller waits for it rather than ending the batch.
            throw unanswered;
        } catch (GatewayException gone) {
            return new Observation.QueueLost(gone.getMessage());
        }
    }

    /** A previous process may have left its spark-submit running: stop it, then see whether YARN has the app. */
    private Observation findByTag(Submission submission) {
        String mark = DeadlineKeys.SUBMISSION_ID + "=" + submission.id();
        ProcessHandle.allProcesses().filter(p -> p.info().commandLine().map(c -> c.contains(mark)).orElse(false))
                .forEach(ProcessHandle::destroyForcibly);
        return new Observation.TagSearched(gateway.applicationsTagged(submission.tag()).stream().findFirst());
    }

    /**
     * A report the caller already has (the gateway's poller reads every application at once), with the progress its
     * event log shows; running applications' progress is told as it changes.
     */
    public Observation.AppSeen seen(AppId app, Optional<AppReport> yarn) {
        EventLogProgress log = progress.computeIfAbsent(app, id -> pipeline.progressOf(id, replans));
        Optional<AppReport> report = yarn.or(log::ended).map(r -> DriverFailure.explained(r, gateway));
        SubmissionEvent.Progress now = log.poll();
        boolean running = report.map(r -> r.state() == AppState.RUNNING).orElse(false);
        if (running && now.stagesStarted() > 0 && log.changed()) {
            events.accept(now);
        }
        boolean ended = report.map(r -> r.state().isFinal()).orElse(false);
        return new Observation.AppSeen(report, now.tasksStarted(),
                ended ? pipeline.eventLogOf(app) : Optional.empty(),
                running && replans ? log.stages(clock.instant(), laterStageRatio) : Optional.empty());
    }
}
