package io.punctual.yarn.queues;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.yarn.queues.TeamQueuePlanner.Plan;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TeamQueuePlannerTest {

    private final TeamQueueLayout layout = TeamQueueLayout.underRoot("adhoc");
    private final TeamQueuePlanner planner = new TeamQueuePlanner(layout);
    private final InMemorySchedulerConfiguration scheduler = InMemorySchedulerConfiguration.embeddedLike();

    private Plan.Change applied(Plan plan) {
        assertThat(plan).isInstanceOf(Plan.Change.class);
        var change = (Plan.Change) plan;
        assertThat(scheduler.apply(change.change())).isInstanceOf(QueueChangeOutcome.Applied.class);
        return change;
    }

    @Test
    void aNewTeamQueueIsAddedWithItsSettingsAndTheBestEffortQueueGivesUpTheSameShare() {
        var plan = planner.ensure(scheduler.read(), new TeamQueueSpec("etl", 0.10, 0.5, 2));

        var change = applied(plan).change();
        assertThat(change.additions()).singleElement().satisfies(add -> {
            assertThat(add.queue()).isEqualTo(QueuePath.of("root.team-etl"));
            assertThat(add.params()).containsEntry("capacity", "10").containsEntry("maximum-capacity", "50")
                    .containsEntry("priority", "2").containsEntry("state", "RUNNING")
                    .containsEntry("user-limit-factor", "100");
        });
        // adhoc held 30 of root; the team takes 10, so adhoc keeps 30 - 10 = 20 and sla 70 + 20 + 10 = 100.
        assertThat(change.updates()).singleElement().satisfies(update -> {
            assertThat(update.queue()).isEqualTo(QueuePath.of("root.adhoc"));
            assertThat(update.params()).isEqualTo(Map.of("capacity", "20"));
        });
        assertThat(scheduler.read().children(QueuePath.ROOT)).containsExactly("sla", "adhoc", "team-etl");
    }

    @Test
    void resizingMovesOnlyTheDifferenceAndAnUnchangedRequestIsANoOp() {
        applied(planner.ensure(scheduler.read(), new TeamQueueSpec("etl", 0.10, 0.5, 0)));

        var grow = applied(planner.ensure(scheduler.read(), new TeamQueueSpec("etl", 0.15, 0.5, 0))).change();

        // 10 -> 15 takes 5 more from adhoc: 20 - 5 = 15. The ceiling did not change, so it is not sent.
        assertThat(grow.updates()).extracting(QueueChange.QueueUpdate::params)
                .containsExactly(Map.of("capacity", "15"), Map.of("capacity", "15"));
        assertThat(planner.ensure(scheduler.read(), new TeamQueueSpec("etl", 0.15, 0.5, 0)))
                .isEqualTo(new Plan.NoChange(new TeamQueue("etl", QueuePath.of("root.team-etl"), 0.15, 0.5, 0, true)));
    }

    @Test
    void aShareTheBestEffortQueueCannotLendIsImpossibleWithHowMuchIsLeft() {
        applied(planner.ensure(scheduler.read(), TeamQueueSpec.of("etl", 0.15)));

        // adhoc holds 30 - 15 = 15 and keeps its floor of 1: at most 14 more can be lent.
        var plan = planner.ensure(scheduler.read(), TeamQueueSpec.of("ml", 0.20));

        assertThat(plan).isInstanceOf(Plan.Impossible.class);
        assertThat(((Plan.Impossible) plan).reason()).contains("ml", "20%", "lend 14%");
    }

    @Test
    void removingAStoppedTeamQueueGivesItsExactCapacityBack() {
        applied(planner.ensure(scheduler.read(), TeamQueueSpec.of("etl", 0.125)));
        assertThat(scheduler.read().capacityPercent(QueuePath.of("root.adhoc"))).hasValueSatisfying(
                p -> assertThat(p).isEqualByComparingTo("17.5"));
        applied(planner.stop(scheduler.read(), "etl"));

        var remove = applied(planner.remove(scheduler.read(), "etl")).change();

        assertThat(remove.removals()).containsExactly(QueuePath.of("root.team-etl"));
        // 17.5 + 12.5 = 30, written as YARN reads it back.
        assertThat(remove.updates()).singleElement().extracting(QueueChange.QueueUpdate::params)
                .isEqualTo(Map.of("capacity", "30"));
        assertThat(scheduler.read()).isEqualTo(InMemorySchedulerConfiguration.embeddedLike().read());
    }

    @Test
    void sharesAreRoundedToAHundredthOfAPercent() {
        assertThat(TeamQueuePlanner.plain(TeamQueuePlanner.percent(0.123456))).isEqualTo("12.35");
        assertThat(TeamQueuePlanner.plain(TeamQueuePlanner.percent(0.1))).isEqualTo("10");
        assertThat(TeamQueuePlanner.plain(TeamQueuePlanner.percent(1.0))).isEqualTo("100");
    }

    @Test
    void teamQueuesAreListedInTheParentsOrder() {
        applied(planner.ensure(scheduler.read(), TeamQueueSpec.of("b", 0.05)));
        applied(planner.ensure(scheduler.read(), TeamQueueSpec.of("a", 0.05)));

        List<TeamQueue> teams = planner.list(scheduler.read());

        assertThat(teams).extracting(TeamQueue::team).containsExactly("b", "a");
        assertThat(teams).extracting(TeamQueue::capacity).containsExactly(0.05, 0.05);
    }

    @Test
    void aMissingDonorMakesEveryChangeImpossible() {
        var planner = new TeamQueuePlanner(TeamQueueLayout.underRoot("nosuch"));

        var plan = planner.ensure(scheduler.read(), TeamQueueSpec.of("etl", 0.1));

        assertThat(plan).isInstanceOf(Plan.Impossible.class);
        assertThat(((Plan.Impossible) plan).reason()).contains("root.nosuch", "not in the queue tree");
    }
}
