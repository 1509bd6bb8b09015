package io.punctual.yarn.queues;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DonorTeamQueuesTest {

    private final InMemorySchedulerConfiguration scheduler = InMemorySchedulerConfiguration.embeddedLike();
    private final Map<QueuePath, Integer> applications = new HashMap<>();
    private final TeamQueues teams = new DonorTeamQueues(scheduler, TeamQueueLayout.underRoot("adhoc"),
            queue -> applications.getOrDefault(queue, 0));

    @Test
    void aTeamQueueAppearsOnceAndAskingAgainChangesNothing() {
        var first = teams.ensure(new TeamQueueSpec("etl", 0.1, 0.4, 1));
        var again = teams.ensure(new TeamQueueSpec("etl", 0.1, 0.4, 1));

        var expected = new TeamQueue("etl", QueuePath.of("root.team-etl"), 0.1, 0.4, 1, true);
        assertThat(first).isEqualTo(new TeamQueueOutcome.Ready(expected, true));
        assertThat(again).isEqualTo(new TeamQueueOutcome.Ready(expected, false));
        assertThat(scheduler.appliedChanges()).isEqualTo(1);
        assertThat(teams.find("etl")).contains(expected);
        assertThat(teams.list()).containsExactly(expected);
    }

    @Test
    void aBusyQueueIsNotRemovedAndIsLeftExactlyAsItWas() {
        teams.ensure(TeamQueueSpec.of("etl", 0.1));
        SchedulerConf before = scheduler.read();
        applications.put(QueuePath.of("root.team-etl"), 2);

        var outcome = teams.remove("etl");

        assertThat(outcome).isInstanceOf(TeamQueueOutcome.Refused.class);
        assertThat(((TeamQueueOutcome.Refused) outcome).reason()).contains("2 application(s)", "left running");
        assertThat(scheduler.read()).isEqualTo(before);
    }

    @Test
    void anIdleQueueIsRemovedAndTheTreeIsAsBeforeTheTeamCame() {
        SchedulerConf original = scheduler.read();
        teams.ensure(TeamQueueSpec.of("etl", 0.1));
        teams.ensure(TeamQueueSpec.of("etl", 0.2));

        assertThat(teams.remove("etl")).isEqualTo(new TeamQueueOutcome.Removed("etl", true));
        assertThat(teams.remove("etl")).isEqualTo(new TeamQueueOutcome.Removed("etl", false));
        assertThat(scheduler.read()).isEqualTo(original);
    }

    @Test
    void aRefusedRequestSaysWhyAndChangesNothing() {
        SchedulerConf before = scheduler.read();

        var outcome = teams.ensure(TeamQueueSpec.of("huge", 0.5));

        assertThat(outcome).isInstanceOf(TeamQueueOutcome.Refused.class);
        assertThat(((TeamQueueOutcome.Refused) outcome).reason()).contains("root.adhoc", "lend 29%");
        assertThat(scheduler.read()).isEqualTo(before);
    }

    @Test
    void aRequestTheSchedulerRefusesIsReportedWithTheSchedulersReason() {
        String yarnSays = "Failed to re-init queues : Illegal capacity of 1.05 for children of queue root";
        SchedulerConfiguration refusing = new SchedulerConfiguration() {
            @Override
            public SchedulerConf read() {
                return scheduler.read();
            }

            @Override
            public QueueChangeOutcome apply(QueueChange change) {
                return new QueueChangeOutcome.Refused(QueueChangeOutcome.Stage.VALIDATE, yarnSays);
            }
        };

        var outcome = new DonorTeamQueues(refusing, TeamQueueLayout.underRoot("adhoc"), queue -> 0)
                .ensure(TeamQueueSpec.of("etl", 0.1));

        assertThat(outcome).isEqualTo(new TeamQueueOutcome.Refused(
                "the scheduler refused the queue for team etl (validate): " + yarnSays));
    }
}
