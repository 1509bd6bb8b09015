package io.punctual.yarn.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.sizing.Resources;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.AppState;
import io.punctual.yarn.QueueSnapshot;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Applications in the in-memory cluster: how they start, run, end, wait for room, and are forgotten. */
class InMemoryApplicationsTest {

    private static final Instant T0 = Instant.parse("2026-11-24T09:00:00.250Z");

    private final ManualClock clock = new ManualClock(T0);
    private final InMemoryClusterGateway cluster = InMemoryClusterGateway.embedded(clock);

    private AppReport report(AppId id) {
        return cluster.application(id).orElseThrow();
    }

    @Test
    void anApplicationIsAcceptedRunsFromTheNextStepAndSucceedsExactlyWhenItsRunTimeIsOver() {
        AppId id = cluster.submit("nightly", "adhoc", Set.of("Team-A"), "ana", Duration.ofMinutes(10));

        AppReport accepted = report(id);
        assertThat(accepted.state()).isEqualTo(AppState.ACCEPTED);
        assertThat(accepted.yarnState()).isEqualTo("ACCEPTED/UNDEFINED");
        assertThat(accepted.started()).as("YARN's start time is when it was submitted").isEqualTo(T0);
        assertThat(accepted.tags()).containsExactly("team-a");

        clock.advance(Duration.ofSeconds(1));
        assertThat(report(id).state()).isEqualTo(AppState.RUNNING);
        Instant running = Instant.parse("2026-11-24T09:00:01Z");
        clock.set(running.plus(Duration.ofMinutes(5)));
        assertThat(report(id).progress()).isEqualTo(0.5f);

        clock.advance(Duration.ofHours(3));
        AppReport done = report(id);
        assertThat(done.state()).isEqualTo(AppState.SUCCEEDED);
        assertThat(done.yarnState()).isEqualTo("FINISHED/SUCCEEDED");
        assertThat(done.finished()).contains(running.plus(Duration.ofMinutes(10)));
        assertThat(done.progress()).isEqualTo(1f);
    }

    @Test
    void anApplicationThatDoesNotFitWaitsForTheOneAheadOfItToEnd() {
        Resources most = Resources.of(10, 12288);
        AppId first = cluster.submit(new AppSubmission("big", "adhoc", Set.of(), "ana", most, Duration.ofMinutes(1)));
        AppId second = cluster.submit(new AppSubmission("big-too", "adhoc", Set.of(), "ana", most,
                Duration.ofMinutes(1)));

        clock.advance(Duration.ofSeconds(30));
        assertThat(report(first).state()).isEqualTo(AppState.RUNNING);
        assertThat(report(second).state()).isEqualTo(AppState.ACCEPTED);
        assertThat(report(second).diagnostics()).contains("waiting for resources")
                .doesNotContain("<memory:0, vCores:0>");
        QueueSnapshot adhoc = cluster.snapshot().queue("adhoc").orElseThrow();
        assertThat(adhoc.used()).isEqualTo(most);
        assertThat(adhoc.runningApps()).isEqualTo(1);
        assertThat(adhoc.pendingApps()).isEqualTo(1);

        clock.advance(Duration.ofSeconds(32));
        assertThat(report(first).state()).isEqualTo(AppState.SUCCEEDED);
        assertThat(report(second).state()).isEqualTo(AppState.RUNNING);
    }

    @Test
    void anApplicationInAnUnknownQueueFailsAtOnceAsYarnRejectsIt() {
        AppId id = cluster.submit("lost", "reservation_1_0001", Set.of(), "ana", Duration.ofMinutes(1));

        AppReport failed = report(id);
        assertThat(failed.state()).isEqualTo(AppState.FAILED);
        assertThat(failed.yarnState()).isEqualTo("FAILED/FAILED");
        assertThat(failed.finished()).contains(T0);
        assertThat(failed.diagnostics())
                .isEqualTo("Application " + id + " submitted by user ana to unknown queue: reservation_1_0001");
    }

    @Test
    void anApplicationSubmittedToThePlanQueueRunsInItsDefaultQueue() {
        AppId id = cluster.submit("unreserved", "sla", Set.of(), "ana", Duration.ofMinutes(1));
        clock.advance(Duration.ofSeconds(1));

        assertThat(report(id).queue()).isEqualTo("sla-default");
        assertThat(report(id).state()).isEqualTo(AppState.RUNNING);
    }

    @Test
    void aForgottenApplicationIsNeitherReportedNorListedAndFreesWhatItHeld() {
        AppId id = cluster.submit("gone", "adhoc", Set.of("punctual-sub-1"), "ana", Duration.ofMinutes(30));
        clock.advance(Duration.ofSeconds(1));
        assertThat(cluster.snapshot().queue("adhoc").orElseThrow().runningApps()).isEqualTo(1);

        assertThat(cluster.forget(id)).isTrue();

        assertThat(cluster.application(id)).isEmpty();
        assertThat(cluster.applicationsTagged("punctual-sub-1")).isEmpty();
        assertThat(cluster.snapshot().queue("adhoc").orElseThrow().used()).isEqualTo(Resources.ZERO);
        assertThat(cluster.forget(id)).isFalse();
    }

    @Test
    void aTestCanEndAnApplicationAsItsMasterWould() {
        AppId id = cluster.submit("flaky", "adhoc", Set.of(), "ana", Duration.ofMinutes(30));
        clock.advance(Duration.ofMinutes(3));

        cluster.finish(id, AppState.FAILED, "User class threw exception: boom");

        AppReport failed = report(id);
        assertThat(failed.yarnState()).isEqualTo("FINISHED/FAILED");
        assertThat(failed.diagnostics()).isEqualTo("User class threw exception: boom");
        assertThat(failed.finished()).contains(clock.instant());
        cluster.finish(id, AppState.SUCCEEDED, "too late");
        assertThat(report(id).state()).as("an ended application stays ended").isEqualTo(AppState.FAILED);
        assertThatThrownBy(() -> cluster.finish(id, AppState.RUNNING, "")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> cluster.finish(new AppId("application_1_0042"), AppState.FAILED, ""))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aKillSaysWhoKilledItAndWhy() {
        AppId id = cluster.submit("doomed", "adhoc", Set.of(), "ana", Duration.ofMinutes(30));

        cluster.kill(id, "deadline missed");

        assertThat(report(id).diagnostics()).contains("was killed by user punctual")
                .contains("deadline missed");
        assertThat(report(id).finished()).contains(T0);
    }

    @Test
    void demandIsRoundedUpToTheMinimumAllocation() {
        AppId id = cluster.submit(new AppSubmission("odd", "adhoc", Set.of(), "ana", Resources.of(1, 300),
                Duration.ofMinutes(5)));
        clock.advance(Duration.ofSeconds(1));

        assertThat(report(id).state()).isEqualTo(AppState.RUNNING);
        assertThat(cluster.snapshot().queue("adhoc").orElseThrow().used()).isEqualTo(Resources.of(1, 512));
    }

    @Test
    void aClockSetBackUndoesNothing() {
        AppId id = cluster.submit("once", "adhoc", Set.of(), "ana", Duration.ofMinutes(1));
        clock.advance(Duration.ofMinutes(5));
        assertThat(report(id).state()).isEqualTo(AppState.SUCCEEDED);

        clock.set(T0);

        assertThat(report(id).state()).isEqualTo(AppState.SUCCEEDED);
    }
}
