package io.punctual.yarn.memory;

import io.punctual.sizing.Resources;
import io.punctual.yarn.AgentForecast;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.AppState;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.ClusterSnapshot;
import io.punctual.yarn.ClusterUnreachable;
import io.punctual.yarn.GatewayException;
import io.punctual.yarn.QueueSnapshot;
import io.punctual.yarn.ReservationId;
import io.punctual.yarn.ReservationInfo;
import io.punctual.yarn.ReservationOutcome;
import io.punctual.yarn.ReservationSpec;
import io.punctual.yarn.ZeroCapacityRemedy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

/**
 * A YARN cluster in memory, behind the same port as the real one: queues, a reservation system with plan-follower
 * steps, applications with tags, kill, and on demand Hadoop 3.3.x's zero-capacity fault and a ResourceManager that does
 * not answer ({@link #stopAnswering}). It is what unit tests and the trace-driven simulator drive Punctual through, so
 * it keeps YARN's conventions (ids, queue names, states, diagnostics) and passes the same contract tests as
 * {@code YarnGateway}.
 *
 * <p>Time is the injected clock's and nothing else: there are no threads. Every call first plays the model forward
 * to {@code clock.instant()}, in order: applications reaching the end of their run time, and plan-follower steps (at
 * every multiple of {@link ClusterLayout#planFollowerStep()} since the epoch) that size reservation queues and start
 * accepted applications that fit. A reservation's queue therefore appears at the first step at or after its arrival,
 * can start applications from the first step at or after its allocation starts, and is gone at the first step at or
 * after its deadline, killing what still runs in it: the model is of a ResourceManager whose queues have changed since
 * it started, as Punctual's team queues change them, where Hadoop 3.3's move on expiry fails (see
 * {@link ClusterGateway#leaveReservation}). With a {@link ManualClock}, waiting for a step costs nothing: advance the
 * clock.
 *
 * <p>Placement uses robust-sizing's GREE-L, the planner closest to YARN's default agent (see {@link ReservationBook});
 * recurring reservations are refused. The model keeps one level of queues under root and never preempts.
 * Thread-safe: every call holds the gateway's lock.
 */
public final class InMemoryClusterGateway implements ClusterGateway {

    private static final Duration REMEDY_INTERVAL = Duration.ofSeconds(2);
    private static final String TRACKING = "http://in-memory-rm:8088";

    private final ClusterLayout layout;
    private final Clock clock;
    private final long clusterTimestamp;
    private final ReservationBook book;
    private final PlanFollower follower = new PlanFollower();
    private final QueueTree queues;
    private final Applications applications;
    private final Timeline timeline;
    private int reservations;
    private int submissions;
    private boolean answering = true;
    private Instant nextRemedy = Instant.MIN;

    /** A cluster of {@code layout}'s shape whose ResourceManager starts now, by {@code clock}. */
    public InMemoryClusterGateway(ClusterLayout layout, Clock clock) {
        this.layout = Objects.requireNonNull(layout, "layout");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.clusterTimestamp = clock.millis();
        this.book = new ReservationBook(layout);
        this.queues = new QueueTree(layout, book, follower);
        this.timeline = new Timeline(layout.planFollowerStep(), clock.instant());
        this.applications = new Applications(TRACKING, layout.nodes());
    }

    /** A cluster shaped like the embedded one ({@link ClusterLayout#embedded()}). */
    public static InMemoryClusterGateway embedded(Clock clock) {
        return new InMemoryClusterGateway(ClusterLayout.embedded(), clock);
    }

    public ClusterLayout layout() {
        return layout;
    }

    @Override
    public synchronized ClusterSnapshot snapshot() {
        answer();
        List<QueueSnapshot> all = queues.snapshot(applications.usage());
        Resources used = all.stream().filter(q -> q.parent().equals("root")).map(QueueSnapshot::used)
                .reduce(Resources.ZERO, Resources::plus);
        return new ClusterSnapshot(clock.instant(), layout.nodes(), layout.total(), used, all);
    }

    @Override
    public Resources minimumAllocation() {
        return layout.minimumAllocation();
    }

    @Override
    public synchronized ReservationOutcome reserve(ReservationSpec spec) {
        answer();
        var id = new ReservationId(String.format(Locale.ROOT, "reservation_%d_%04d", clusterTimestamp,
                ++reservations));
        ReservationOutcome outcome = book.reserve(id, spec, clock.instant());
        touched(outcome instanceof ReservationOutcome.Reserved);
        return outcome;
    }

    @Override
    public synchronized Optional<AgentForecast> forecast(List<ReservationSpec> inTurn) {
        answer();
        return Optional.of(book.forecast(inTurn, clock.instant()));
    }

    @Override
    public synchronized ReservationOutcome update(ReservationId id, ReservationSpec spec) {
        answer();
        ReservationOutcome outcome = book.update(id, spec, clock.instant());
        touched(outcome instanceof ReservationOutcome.Reserved);
        return outcome;
    }

    @Override
    public synchronized boolean release(ReservationId id) {
        answer();
        return touched(book.release(id));
    }

    @Override
    public synchronized List<ReservationInfo> reservations(String planQueue) {
        answer();
        return book.list(planQueue);
    }

    @Override
    public synchronized Optional<ReservationInfo> reservation(String planQueue, ReservationId id) {
        answer();
        return book.find(planQueue, id);
    }

    /**
     * Waits as YARN's gateway does, but on the model's time: with a {@link ManualClock} it advances that clock to
     * each next plan-follower step (waiting on a simulated cluster is time passing in it); with any other clock it
     * sleeps until then. Callers that must not block poll {@link #reservationQueue} instead.
     */
    @Override
    public QueueSnapshot awaitReservationQueue(String planQueue, ReservationId id, Duration timeout) {
        Instant giveUp = clock.instant().plus(timeout);
        while (true) {
            Optional<QueueSnapshot> ready = reservationQueue(planQueue, id);
            if (ready.isPresent()) {
                return ready.get();
            }
            Instant now = clock.instant();
            if (!now.isBefore(giveUp)) {
                synchronized (this) {
                    ReservationInfo reservation = book.find(planQueue, id)
                            .orElseThrow(() -> GatewayException.reservationGone(planQueue, id));
                    throw GatewayException.queueNotReady(reservation, follower.queue(id.queueName()).isPresent(),
                            timeout);
                }
            }
            Instant next = timeline.stepAfter(now);
            waitUntil(next.isAfter(giveUp) ? giveUp : next);
        }
    }

    private void waitUntil(Instant instant) {
        if (clock instanceof ManualClock manual) {
            manual.set(instant);
            return;
        }
        try {
            Thread.sleep(Math.max(1, Duration.between(clock.instant(), instant).toMillis()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GatewayException("interrupted while waiting for a reservation queue", e);
        }
    }

    @Override
    public synchronized Optional<QueueSnapshot> reservationQueue(String planQueue, ReservationId id) {
        answer();
        ReservationInfo reservation = book.find(planQueue, id)
                .orElseThrow(() -> GatewayException.reservationGone(planQueue, id));
        if (reservation.isOver(clock.instant())) {
            throw GatewayException.reservationOver(reservation);
        }
        if (follower.queue(id.queueName()).isEmpty()) {
            return Optional.empty();
        }
        Optional<QueueSnapshot> usable = usableQueue(id.queueName());
        if (usable.isEmpty() && remedyIfDue()) {
            return usableQueue(id.queueName());
        }
        return usable;
    }

    private Optional<QueueSnapshot> usableQueue(String name) {
        return queues.snapshot(applications.usage()).stream().filter(q -> q.name().equals(name))
                .filter(q -> !q.guaranteed().isZero() && !q.ceiling().isZero()).findFirst();
    }

    /** The remedy, at most every two seconds, as {@code YarnGateway} applies it; true when it was applied. */
    private boolean remedyIfDue() {
        if (clock.instant().isBefore(nextRemedy)) {
            return false;
        }
        nextRemedy = clock.instant().plus(REMEDY_INTERVAL);
        applyRemedy();
        return true;
    }

    @Override
    public synchronized List<AppReport> applicationsTagged(String tag) {
        answer();
        return applications.tagged(tag, clock.instant()).stream().sorted(Comparator.comparing(r -> r.id().value()))
                .toList();
    }

    @Override
    public synchronized Optional<AppReport> application(AppId id) {
        answer();
        return applications.report(id, clock.instant());
    }

    @Override
    public synchronized Optional<String> amContainerLogUrl(AppId id) {
        answer();
        return applications.amContainerLogUrl(id);
    }

    @Override
    public synchronized void kill(AppId id, String why) {
        answer();
        touched(applications.kill(id, layout.user(), why, clock.instant()));
    }

    @Override
    public synchronized String leaveReservation(AppId id, String target) {
        answer();
        return move(id, target, () -> {
            if (queues.leaf(target).isEmpty()) {
                throw new GatewayException("could not move application " + id + " into queue " + target
                        + ": YARN said " + YarnMessages.noSuchQueue(target));
            }
            return true;
        });
    }

    @Override
    public synchronized String enterReservation(AppId id, String planQueue, ReservationId reservation) {
        answer();
        return move(id, reservation.queueName(), () -> reservationQueue(planQueue, reservation).isPresent());
    }

    /** Moves a live application into {@code target} once {@code ready} says so; returns the queue it is in after. */
    private String move(AppId id, String target, BooleanSupplier ready) {
        AppReport report = applications.report(id, clock.instant())
                .orElseThrow(() -> GatewayException.cannotMoveUnknown(id, target));
        if (report.state().isFinal() || report.queue().equals(target) || !ready.getAsBoolean()) {
            return report.queue();
        }
        applications.move(id, target);
        touched(true);
        return target;
    }

    @Override
    public void close() {
        // Nothing to release: the cluster is plain objects, and stays readable after close like a stopped RM's data.
    }

    /**
     * Submits an application, as spark-submit or YarnClient would. Its tags are lower-cased, as YARN stores them. It
     * is ACCEPTED now; FAILED at once with YARN's diagnostics when its queue does not exist (a reservation's queue
     * exists only while the plan follower keeps it).
     */
    public synchronized AppId submit(AppSubmission submission) {
        answer();
        var id = new AppId(String.format(Locale.ROOT, "application_%d_%04d", clusterTimestamp, ++submissions));
        Set<String> tags = submission.tags().stream().map(t -> t.toLowerCase(Locale.ROOT).trim())
                .collect(Collectors.toUnmodifiableSet());
        var normalized = new AppSubmission(submission.name(), submission.queue(), tags, submission.user(),
                roundUp(submission.demand()), submission.runTime());
        String queue = queues.resolve(submission.queue());
        applications.submit(id, normalized, queue, queues.leaf(queue).isPresent(), clock.instant());
        touched(true);
        return id;
    }

    /** Submits an application that holds one minimum allocation while it runs for {@code runTime}. */
    public AppId submit(String name, String queue, Set<String> tags, String user, Duration runTime) {
        return submit(new AppSubmission(name, queue, tags, user, layout.minimumAllocation(), runTime));
    }

    /**
     * Ends an application now as its ApplicationMaster (SUCCEEDED, or FAILED: {@code FINISHED/FAILED}) or the
     * ResourceManager (KILLED) would; no-op when it already ended.
     *
     * @throws IllegalArgumentException for an unknown application or a state that is not final
     */
    public synchronized void finish(AppId id, AppState state, String diagnostics) {
        catchUp();
        touched(applications.finish(id, state, Objects.requireNonNull(diagnostics, "diagnostics"), clock.instant()));
    }

    /**
     * Makes the ResourceManager forget an application, as a restart without recovery does: it is no longer
     * reported or listed, and what it held is free. Returns false when it was not known.
     */
    public synchronized boolean forget(AppId id) {
        catchUp();
        return touched(applications.forget(id));
    }

    /** Switches the Hadoop 3.3.x zero-capacity fault on or off for reservation queues created from now on. */
    public synchronized void zeroCapacityFault(ZeroCapacityFault fault) {
        catchUp();
        follower.fault(Objects.requireNonNull(fault, "fault"));
    }

    @Override
    public void queuesChanged() {
        applyRemedy();
    }

    /** This cluster's repair for the fault (what {@code yarn rmadmin -updateNodeResource} is to a real one). */
    public ZeroCapacityRemedy remedy() {
        return this::applyRemedy;
    }

    private synchronized void applyRemedy() {
        catchUp();
        touched(follower.remedy());
    }

    private Resources roundUp(Resources demand) {
        Resources unit = layout.minimumAllocation();
        return new Resources(Math.floorDiv(demand.memoryMb() + unit.memoryMb() - 1, unit.memoryMb()) * unit.memoryMb(),
                Math.floorDiv(demand.vcores() + unit.vcores() - 1, unit.vcores()) * unit.vcores());
    }

    /** When {@code changed}, the next plan-follower step must look at the cluster again; returns it. */
    private boolean touched(boolean changed) {
        if (changed) {
            timeline.changedAt(clock.instant());
        }
        return changed;
    }

    /**
     * The ResourceManager stops answering (stopped, hung or cut off): every call of the port, and every submission,
     * fails with {@link ClusterUnreachable} at once, as YARN's gateway fails once its bounded wait is over. What
     * runs keeps running, and the model's time goes on.
     */
    public synchronized void stopAnswering() {
        catchUp();
        answering = false;
    }

    /** The ResourceManager answers again, with everything it knew: a work-preserving restart, or a link restored. */
    public synchronized void answerAgain() {
        answering = true;
    }

    /** What every call of the port does first: fail if the ResourceManager does not answer, else catch up. */
    private void answer() {
        if (!answering) {
            throw new ClusterUnreachable("could not reach the ResourceManager at " + TRACKING + ": it did not"
                    + " answer; check that it is running");
        }
        catchUp();
    }

    /** Plays the model forward to the clock's time: completions and plan-follower steps, earliest first. */
    private void catchUp() {
        Instant now = clock.instant();
        while (true) {
            Optional<Instant> completion = applications.nextCompletion();
            Optional<Instant> step = timeline.nextStep(book.nextChangeAfter(timeline.lastStep()));
            if (completion.isPresent() && !completion.get().isAfter(now)
                    && (step.isEmpty() || !completion.get().isAfter(step.get()))) {
                applications.complete(completion.get());
                timeline.changedAt(completion.get());
            } else if (step.isPresent() && !step.get().isAfter(now)) {
                step(step.get());
            } else {
                break;
            }
        }
        timeline.reached(now);
    }

    private void step(Instant tick) {
        for (PlanFollower.ReservationQueue gone : follower.step(tick, book)) {
            applications.expire(gone.name(), tick);
        }
        applications.schedule(tick, queues, layout.total());
        timeline.stepped(tick);
    }
}
