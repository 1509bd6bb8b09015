package io.punctual.yarn.queues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class QueueChangeTest {

    private final SchedulerConf conf = InMemorySchedulerConfiguration.embeddedLike().read();

    @Test
    void aQueueUnderAnUnknownParentIsCaughtBeforeYarnWouldWriteKeysNobodyReads() {
        var change = QueueChange.builder().add(QueuePath.of("root.nope.team"), Map.of("capacity", "100")).build();

        assertThat(change.conflictWith(conf)).hasValueSatisfying(reason ->
                assertThat(reason).contains("root.nope.team", "parent root.nope", "sla, adhoc"));
    }

    @Test
    void updatingOrRemovingAnAbsentQueueAndAddingAnExistingOneAreConflicts() {
        assertThat(QueueChange.builder().update(QueuePath.of("root.ghost"), Map.of("capacity", "1")).build()
                .conflictWith(conf)).hasValueSatisfying(r -> assertThat(r).contains("cannot update queue root.ghost"));
        assertThat(QueueChange.builder().remove(QueuePath.of("root.ghost")).build().conflictWith(conf))
                .hasValueSatisfying(r -> assertThat(r).contains("cannot remove queue root.ghost"));
        assertThat(QueueChange.builder().add(QueuePath.of("root.adhoc"), Map.of()).build().conflictWith(conf))
                .hasValueSatisfying(r -> assertThat(r).contains("already exists"));
    }

    @Test
    void aQueueAddedInTheSameChangeCanBeUpdatedAndParentAChild() {
        var change = QueueChange.builder()
                .add(QueuePath.of("root.teams"), Map.of("capacity", "10"))
                .add(QueuePath.of("root.teams.etl"), Map.of("capacity", "100"))
                .update(QueuePath.of("root.teams"), Map.of("maximum-capacity", "50"))
                .update(QueuePath.of("root.adhoc"), Map.of("capacity", "20"))
                .build();

        assertThat(change.conflictWith(conf)).isEmpty();
    }

    @Test
    void emptyOrSelfContradictingChangesAreRejectedWhenBuilt() {
        assertThatThrownBy(() -> QueueChange.builder().build()).hasMessageContaining("must add, update or remove");
        assertThatThrownBy(() -> QueueChange.builder().add(QueuePath.of("root.x"), Map.of())
                .remove(QueuePath.of("root.x")).build()).hasMessageContaining("both added and removed");
        assertThatThrownBy(() -> QueueChange.builder().global("a key", "v").build())
                .hasMessageContaining("invalid scheduler property name");
    }

    @Test
    void queuePathsAreCheckedAndTakenApart() {
        var path = QueuePath.of("root.teams.etl-1");
        assertThat(path.parent()).isEqualTo(QueuePath.of("root.teams"));
        assertThat(path.leaf()).isEqualTo("etl-1");
        assertThat(QueuePath.ROOT.child("adhoc")).isEqualTo(QueuePath.of("root.adhoc"));
        assertThatThrownBy(() -> QueuePath.of("adhoc")).hasMessageContaining("starts at root");
        assertThatThrownBy(() -> QueuePath.of("root..x")).hasMessageContaining("invalid name ''");
        assertThatThrownBy(() -> QueuePath.of("root.a,b")).hasMessageContaining("invalid name 'a,b'");
        assertThatThrownBy(QueuePath.ROOT::parent).hasMessageContaining("no parent");
    }

    @Test
    void badTeamSpecsSayWhatIsWrong() {
        assertThatThrownBy(() -> new TeamQueueSpec("a.b", 0.1, 1, 0)).hasMessageContaining("cannot name a YARN queue");
        assertThatThrownBy(() -> new TeamQueueSpec("etl", 0, 1, 0)).hasMessageContaining("(0, 1]");
        assertThatThrownBy(() -> new TeamQueueSpec("etl", 0.5, 0.4, 0)).hasMessageContaining("[capacity, 1]");
        assertThatThrownBy(() -> new TeamQueueSpec("etl", 0.5, 1, -1)).hasMessageContaining("priority");
        assertThatThrownBy(() -> new TeamQueueLayout(QueuePath.ROOT, QueuePath.of("root.x.adhoc"), "t-", 0, Map.of()))
                .hasMessageContaining("must be a child of root");
    }
}
