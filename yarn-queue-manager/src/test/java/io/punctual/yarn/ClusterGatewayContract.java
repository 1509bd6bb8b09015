package io.punctual.yarn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.sizing.Resources;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ClusterGateway} does, whether a real ResourceManager is behind it or a model of one. A fake may
 * stand in for YARN only where it passes these tests, and YARN's gateway passes them too (against the embedded
 * cluster), so a behaviour written here is one both really have.
 *
 * <p>A subclass provides the gateway and a way for time to pass: sleeping for YARN, advancing a clock for the model.
 * Every test releases what it reserves and kills what it starts, so one cluster can serve the whole class.
 */
public abstract class ClusterGatewayContract {

    /** The longest the reservation system may take to open a reservation's queue (YARN's plan follower steps 1 s). */
    private static final Duration FOLLOWER_PATIENCE = Duration.ofSeconds(30);
    /**
     * The longest a call may take to fail when the ResourceManager does not answer: a gateway's caller is told within
     * seconds, not after Hadoop's fifteen minutes of retries.
     */
    private static final Duration UNANSWERED_PATIENCE = Duration.ofSeconds(20);
    /** A reservation that ends while a test's application still runs in it. */
    private static final Duration SHORT_WINDOW = Duration.ofSeconds(30);

    private final List<AppId> started = new ArrayList<>();

    protected abstract ClusterGateway gateway();

    /** The cluster's current time. */
    protected abstract Instant now();

    /** Lets {@code duration} pass on the cluster. */
    protected abstract void passTime(Duration duration);

    /** Starts an application that runs until it is killed (for minutes at least) in {@code queue}. */
    protected abstract AppId startApplication(String queue, Set<String> tags);

    /** The ResourceManager stops answering the gateway (it is stopped, or the link to it is cut). */
    protected abstract void stopAnswering();

    /** The ResourceManager answers again, knowing what it knew. */
    protected abstract void answerAgain();

    /** The reservable queue; both clusters call it {@code sla}. */
    protected String planQueue() {
        return "sla";
    }

    /** An ordinary leaf queue. */
    protected String ordinaryQueue() {
        return "adhoc";
    }

    private AppId start(String queue, Set<String> tags) {
        AppId id = startApplication(queue, tags);
        started.add(id);
        return id;
    }

    @AfterEach
    void leaveNothingBehind() {
        started.forEach(id -> gateway().kill(id, "contract test over"));
        assertThat(gateway().reservations(planQueue())).as("reservations left in " + planQueue()).isEmpty();
    }

    private ReservationSpec gang(String name, int containers, Duration window) {
        Instant from = now().truncatedTo(ChronoUnit.SECONDS);
        return ReservationSpec.single(planQueue(), name, from, from.plus(window),
                StageRequest.gang(Resources.of(1, 1024), containers, window));
    }

    private ReservationInfo reserved(ReservationSpec spec) {
        ReservationOutcome outcome = gateway().reserve(spec);
        assertThat(outcome).as("outcome of %s", spec.name()).isInstanceOf(ReservationOutcome.Reserved.class);
        return ((ReservationOutcome.Reserved) outcome).reservation();
    }

    private static String uniqueTag(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Test
    void theSnapshotHasThePlanQueueAndPositiveTotals() {
        ClusterSnapshot snapshot = gateway().snapshot();

        assertThat(snapshot.nodeManagers()).isPositive();
        assertThat(snapshot.total().memoryMb()).isPositive();
        assertThat(snapshot.total().vcores()).isPositive();
        QueueSnapshot plan = snapshot.queue(planQueue()).orElseThrow();
        assertThat(plan.parent()).isEqualTo("root");
        assertThat(plan.capacity()).isBetween(0.0, 1.0).isPositive();
        assertThat(plan.guaranteed().memoryMb()).isPositive();
        assertThat(snapshot.queue(ordinaryQueue())).isPresent();
        assertThat(gateway().minimumAllocation().memoryMb()).isPositive();
    }

    @Test
    void aReservationWithinCapacityIsListedAndFoundWithANonEmptyAllocationInsideItsWindow() {
        ReservationSpec spec = gang("listed", 2, Duration.ofMinutes(3));
        ReservationInfo placed = reserved(spec);
        try {
            assertThat(placed.name()).isEqualTo("listed");
            assertThat(gateway().reservations(planQueue())).extracting(ReservationInfo::id).contains(placed.id());
            ReservationInfo found = gateway().reservation(planQueue(), placed.id()).orElseThrow();
            List<AllocationStep> held = found.allocation().stream().filter(s -> !s.resources().isZero()).toList();
            assertThat(held).isNotEmpty().allSatisfy(step -> {
                assertThat(step.start()).isAfterOrEqualTo(spec.arrival());
                assertThat(step.end()).isBeforeOrEqualTo(spec.deadline());
                assertThat(step.resources()).isEqualTo(Resources.of(2, 2048));
            });
        } finally {
            gateway().release(placed.id());
        }
    }

    @Test
    void aRequestLargerThanThePlanIsRefusedWithAReasonNotThrown() {
        ReservationOutcome outcome = gateway().reserve(gang("too-big", 500, Duration.ofMinutes(2)));

        assertThat(outcome).isInstanceOf(ReservationOutcome.Refused.class);
        assertThat(((ReservationOutcome.Refused) outcome).reason()).isNotBlank();
    }

    @Test
    void aForecastReservesNothingAndAgreesWithTheAnswerThatFollowsIt() {
        Resources plan = gateway().snapshot().planCapacity(planQueue());
        int fill = (int) Math.min(plan.vcores(), plan.memoryMb() / 1024);
        ReservationSpec whole = gang("whole-plan", fill, Duration.ofMinutes(3));

        AgentForecast before = gateway().forecast(List.of(whole)).orElseThrow();
        assertThat(before.placed()).as("forecast of the whole plan: %s", before.refusal()).isTrue();
        assertThat(before.agent().agent()).isNotBlank();
        assertThat(gateway().forecast(List.of(gang("too-big-first", 500, Duration.ofMinutes(2)), whole))
                .orElseThrow().placed()).as("asked in turn, the second request is placed").isTrue();
        assertThat(gateway().reservations(planQueue())).as("a forecast reserves nothing").isEmpty();
        ReservationInfo held = reserved(whole);
        try {
            ReservationSpec one = gang("one-more", 1, Duration.ofMinutes(3));
            AgentForecast full = gateway().forecast(List.of(one)).orElseThrow();
            assertThat(full.placed()).isFalse();
            assertThat(full.refusal().orElseThrow()).isNotBlank();
            assertThat(gateway().reserve(one)).isInstanceOf(ReservationOutcome.Refused.class);
            assertThat(gateway().forecast(List.of(gang("too-big", 500, Duration.ofMinutes(2)))).orElseThrow().placed())
                    .isFalse();
        } finally {
            gateway().release(held.id());
        }
    }

    @Test
    void anUpdateReplacesTheAllocationAndARefusedOneKeepsTheOld() {
        ReservationInfo placed = reserved(gang("grows", 2, Duration.ofMinutes(3)));
        try {
            ReservationOutcome bigger = gateway().update(placed.id(), gang("grows", 3, Duration.ofMinutes(3)));
            assertThat(bigger).isInstanceOf(ReservationOutcome.Reserved.class);
            assertThat(held(((ReservationOutcome.Reserved) bigger).reservation())).containsOnly(Resources.of(3, 3072));

            ReservationOutcome impossible = gateway().update(placed.id(), gang("grows", 500, Duration.ofMinutes(3)));
            assertThat(impossible).isInstanceOf(ReservationOutcome.Refused.class);
            assertThat(held(gateway().reservation(planQueue(), placed.id()).orElseThrow()))
                    .containsOnly(Resources.of(3, 3072));
        } finally {
            gateway().release(placed.id());
        }
    }

    private static List<Resources> held(ReservationInfo reservation) {
        return reservation.allocation().stream().map(AllocationStep::resources).filter(r -> !r.isZero()).toList();
    }

    @Test
    void releaseIsTrueThenFalseAndTheReservationIsGone() {
        ReservationInfo placed = reserved(gang("short-lived", 1, Duration.ofMinutes(2)));

        assertThat(gateway().release(placed.id())).isTrue();
        assertThat(gateway().release(placed.id())).isFalse();
        assertThat(gateway().reservations(planQueue())).extracting(ReservationInfo::id).doesNotContain(placed.id());
        assertThat(gateway().reservation(planQueue(), placed.id())).isEmpty();
    }

    @Test
    void theReservationsQueueIsReadyOnceThePlanFollowerHasRun() {
        ReservationInfo placed = reserved(gang("ready", 2, Duration.ofMinutes(3)));
        try {
            Optional<QueueSnapshot> first = gateway().reservationQueue(planQueue(), placed.id());
            first.ifPresent(queue -> assertThat(queue.name()).isEqualTo(placed.id().queueName()));

            QueueSnapshot queue = pollQueue(placed.id());

            assertThat(queue.name()).isEqualTo(placed.id().queueName());
            assertThat(queue.parent()).isEqualTo(planQueue());
            assertThat(queue.guaranteed()).isEqualTo(Resources.of(2, 2048));
            assertThat(queue.ceiling().isZero()).isFalse();
            assertThat(gateway().snapshot().queue(placed.id().queueName())).hasValueSatisfying(seen ->
                    assertThat(seen.parent()).isEqualTo(planQueue()));
        } finally {
            gateway().release(placed.id());
        }
    }

    private QueueSnapshot pollQueue(ReservationId id) {
        Instant giveUp = now().plus(FOLLOWER_PATIENCE);
        Optional<QueueSnapshot> queue = gateway().reservationQueue(planQueue(), id);
        while (queue.isEmpty() && now().isBefore(giveUp)) {
            passTime(Duration.ofMillis(500));
            queue = gateway().reservationQueue(planQueue(), id);
        }
        return queue.orElseThrow(() -> new AssertionError("no usable queue for " + id + " after "
                + FOLLOWER_PATIENCE.toSeconds() + " s"));
    }

    @Test
    void theQueueOfAReleasedReservationIsAnErrorNotAWait() {
        ReservationInfo placed = reserved(gang("released", 1, Duration.ofMinutes(2)));
        gateway().release(placed.id());

        assertThatThrownBy(() -> gateway().reservationQueue(planQueue(), placed.id()))
                .isInstanceOf(GatewayException.class).hasMessageContaining("not in the plan");
    }

    @Test
    void anApplicationIsFoundByItsTagInAnyCaseAndByItsId() {
        String tag = uniqueTag("contract-find");
        AppId id = start(ordinaryQueue(), Set.of(tag.toUpperCase(java.util.Locale.ROOT)));

        assertThat(gateway().applicationsTagged(tag)).extracting(AppReport::id).containsExactly(id);
        assertThat(gateway().applicationsTagged(tag.toUpperCase(java.util.Locale.ROOT))).extracting(AppReport::id)
                .containsExactly(id);
        AppReport report = gateway().application(id).orElseThrow();
        assertThat(report.id()).isEqualTo(id);
        assertThat(report.tags()).contains(tag);
        assertThat(report.queue()).isEqualTo(ordinaryQueue());
        assertThat(report.state()).isIn(AppState.SUBMITTED, AppState.ACCEPTED, AppState.RUNNING);
        assertThat(report.finished()).isEmpty();
    }

    @Test
    void killingMakesAnApplicationKilledAndFinalAndKillingItAgainChangesNothing() {
        AppId id = start(ordinaryQueue(), Set.of(uniqueTag("contract-kill")));

        gateway().kill(id, "contract test");

        AppReport killed = gateway().application(id).orElseThrow();
        assertThat(killed.state()).isEqualTo(AppState.KILLED);
        assertThat(killed.state().isFinal()).isTrue();
        assertThat(killed.yarnState()).startsWith("KILLED");
        assertThat(killed.finished()).isPresent();
        gateway().kill(id, "again");
        assertThat(gateway().application(id).orElseThrow().state()).isEqualTo(AppState.KILLED);
    }

    @Test
    void anApplicationInAReadyReservationQueueRunsInThatQueue() {
        ReservationInfo placed = reserved(gang("runs-inside", 2, Duration.ofMinutes(3)));
        try {
            pollQueue(placed.id());
            String tag = uniqueTag("contract-inside");

            AppId id = start(placed.id().queueName(), Set.of(tag));

            assertThat(gateway().application(id).orElseThrow().queue()).isEqualTo(placed.id().queueName());
            gateway().kill(id, "contract test over");
        } finally {
            gateway().release(placed.id());
        }
    }

    @Test
    void anApplicationThatLeftItsReservationRunsOnInItsNewQueueAfterTheReservationEnds() {
        ReservationInfo placed = reserved(gang("leaves", 1, SHORT_WINDOW));
        try {
            pollQueue(placed.id());
            AppId id = start(placed.id().queueName(), Set.of(uniqueTag("contract-leaves")));

            assertThat(gateway().leaveReservation(id, ordinaryQueue())).isEqualTo(ordinaryQueue());

            assertThat(gateway().application(id).orElseThrow().queue()).isEqualTo(ordinaryQueue());
            AppReport after = reportAfter(id, placed.end().orElseThrow().plus(Duration.ofSeconds(10)),
                    AppState::isFinal);
            assertThat(after.state().isFinal()).as("%s after its reservation ended", after.state()).isFalse();
            assertThat(after.queue()).isEqualTo(ordinaryQueue());
            assertThat(gateway().leaveReservation(id, ordinaryQueue())).as("moved again").isEqualTo(ordinaryQueue());
            gateway().kill(id, "contract test over");
            assertThat(gateway().leaveReservation(id, planQueue())).as("once it ended").isEqualTo(ordinaryQueue());
        } finally {
            gateway().release(placed.id());
        }
    }

    @Test
    void anApplicationLaunchedAheadOfItsReservationEntersTheReservationsQueueOnceItRuns() {
        AppId id = start(ordinaryQueue(), Set.of(uniqueTag("contract-ahead")));
        ReservationInfo placed = reserved(gang("ahead", 2, Duration.ofMinutes(3)));
        try {
            String before = gateway().enterReservation(id, planQueue(), placed.id());
            assertThat(before).as("before or once the queue runs").isIn(ordinaryQueue(), placed.id().queueName());
            pollQueue(placed.id());

            assertThat(gateway().enterReservation(id, planQueue(), placed.id())).isEqualTo(placed.id().queueName());

            assertThat(gateway().application(id).orElseThrow().queue()).isEqualTo(placed.id().queueName());
            assertThat(gateway().enterReservation(id, planQueue(), placed.id())).as("entered again")
                    .isEqualTo(placed.id().queueName());
            gateway().kill(id, "contract test over");
        } finally {
            gateway().release(placed.id());
        }
        assertThatThrownBy(() -> gateway().enterReservation(new AppId("application_1_9999"), planQueue(),
                placed.id())).isInstanceOf(GatewayException.class).hasMessageContaining("application_1_9999");
    }

    @Test
    void leavingForAQueueThatDoesNotExistIsRefusedAndTheApplicationStaysPut() {
        ReservationInfo placed = reserved(gang("stays", 1, Duration.ofMinutes(2)));
        try {
            pollQueue(placed.id());
            AppId id = start(placed.id().queueName(), Set.of(uniqueTag("contract-stays")));

            assertThatThrownBy(() -> gateway().leaveReservation(id, "no-such-queue"))
                    .isInstanceOf(GatewayException.class).hasMessageContaining("no-such-queue");
            assertThat(gateway().application(id).orElseThrow().queue()).isEqualTo(placed.id().queueName());
        } finally {
            gateway().release(placed.id());
        }
    }

    @Test
    void anUnknownApplicationCannotLeaveAReservation() {
        assertThatThrownBy(() -> gateway().leaveReservation(new AppId("application_1_9999"), ordinaryQueue()))
                .isInstanceOf(GatewayException.class).hasMessageContaining("application_1_9999");
    }

    /** The application's report once {@code done} holds or {@code until} has passed, whichever comes first. */
    private AppReport reportAfter(AppId id, Instant until, java.util.function.Predicate<AppState> done) {
        AppReport report = gateway().application(id).orElseThrow();
        while (!done.test(report.state()) && now().isBefore(until)) {
            passTime(Duration.ofMillis(500));
            report = gateway().application(id).orElseThrow();
        }
        return report;
    }

    @Test
    void anUnknownApplicationIsEmpty() {
        assertThat(gateway().application(new AppId("application_1_9999"))).isEmpty();
        assertThat(gateway().applicationsTagged(uniqueTag("nobody-has-this"))).isEmpty();
        assertThat(gateway().amContainerLogUrl(new AppId("application_1_9999"))).isEmpty();
    }

    @Test
    void aStartedApplicationsAmContainerLogIsItsNodesContainerLogPageForItsUser() {
        AppId id = start(ordinaryQueue(), Set.of(uniqueTag("contract-logs")));

        String url = amContainerLogUrl(id);

        URI page = URI.create(url);
        assertThat(page.getScheme()).isEqualTo("http");
        assertThat(page.getHost()).isNotBlank();
        assertThat(page.getPort()).isPositive();
        String firstContainer = "container_" + id.value().substring("application_".length()) + "_01_000001";
        assertThat(page.getPath()).isEqualTo("/node/containerlogs/" + firstContainer + "/"
                + gateway().application(id).orElseThrow().user());
    }

    @Test
    void aResourceManagerThatDoesNotAnswerFailsEachCallWithinSecondsAndIsFoundAgainWhenItAnswers() {
        String tag = uniqueTag("contract-unanswered");
        assertThat(gateway().applicationsTagged(tag)).isEmpty();

        stopAnswering();
        try {
            for (Runnable call : List.<Runnable>of(() -> gateway().snapshot(), () -> gateway().applicationsTagged(tag),
                    () -> gateway().reservations(planQueue()))) {
                long started = System.nanoTime();
                assertThatThrownBy(call::run).isInstanceOf(ClusterUnreachable.class)
                        .hasMessageContaining("ResourceManager");
                Duration took = Duration.ofNanos(System.nanoTime() - started);
                System.out.println("a ResourceManager that does not answer failed the call after " + took.toMillis()
                        + " ms");
                assertThat(took).isLessThan(UNANSWERED_PATIENCE);
            }
        } finally {
            answerAgain();
        }

        // The same gateway, not a new one: whoever holds it needs no restart once the ResourceManager is back.
        assertThat(gateway().snapshot().nodeManagers()).isPositive();
        assertThat(gateway().applicationsTagged(tag)).isEmpty();
    }

    /** The AM container's log URL, once the scheduler has given the application its AM container. */
    protected String amContainerLogUrl(AppId id) {
        Instant giveUp = now().plus(FOLLOWER_PATIENCE);
        Optional<String> url = gateway().amContainerLogUrl(id);
        while (url.isEmpty() && now().isBefore(giveUp)) {
            passTime(Duration.ofMillis(500));
            url = gateway().amContainerLogUrl(id);
        }
        return url.orElseThrow(() -> new AssertionError("no AM container log for " + id + " after "
                + FOLLOWER_PATIENCE.toSeconds() + " s"));
    }
}
