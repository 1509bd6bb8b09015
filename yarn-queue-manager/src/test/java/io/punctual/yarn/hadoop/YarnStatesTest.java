package io.punctual.yarn.hadoop;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.yarn.AppState;
import java.util.EnumSet;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.junit.jupiter.api.Test;

class YarnStatesTest {

    @Test
    void everyPairMapsToAState() {
        for (YarnApplicationState state : YarnApplicationState.values()) {
            for (FinalApplicationStatus status : FinalApplicationStatus.values()) {
                assertThat(YarnStates.of(state, status)).as(state + "/" + status).isNotNull();
            }
        }
    }

    @Test
    void onlyTheResourceManagersTerminalStatesAreFinal() {
        var terminal = EnumSet.of(YarnApplicationState.FINISHED, YarnApplicationState.FAILED, YarnApplicationState.KILLED);
        for (YarnApplicationState state : YarnApplicationState.values()) {
            for (FinalApplicationStatus status : FinalApplicationStatus.values()) {
                assertThat(YarnStates.of(state, status).isFinal()).as(state + "/" + status)
                        .isEqualTo(terminal.contains(state));
            }
        }
    }

    @Test
    void successNeedsBothTheRmAndTheApplicationMasterToSaySo() {
        assertThat(YarnStates.of(YarnApplicationState.FINISHED, FinalApplicationStatus.SUCCEEDED))
                .isEqualTo(AppState.SUCCEEDED);
        for (FinalApplicationStatus status : FinalApplicationStatus.values()) {
            if (status != FinalApplicationStatus.SUCCEEDED) {
                assertThat(YarnStates.of(YarnApplicationState.FINISHED, status)).as("FINISHED/" + status)
                        .isNotEqualTo(AppState.SUCCEEDED);
            }
            assertThat(YarnStates.of(YarnApplicationState.FAILED, status)).isEqualTo(AppState.FAILED);
            assertThat(YarnStates.of(YarnApplicationState.KILLED, status)).isEqualTo(AppState.KILLED);
        }
    }

    @Test
    void aFinishedApplicationMasterThatSaysKilledIsKilled() {
        assertThat(YarnStates.of(YarnApplicationState.FINISHED, FinalApplicationStatus.KILLED)).isEqualTo(AppState.KILLED);
    }

    @Test
    void anUnregisteredButStillRunningApplicationIsNotOverYet() {
        assertThat(YarnStates.of(YarnApplicationState.RUNNING, FinalApplicationStatus.SUCCEEDED))
                .isEqualTo(AppState.RUNNING);
        assertThat(YarnStates.of(YarnApplicationState.ACCEPTED, FinalApplicationStatus.UNDEFINED))
                .isEqualTo(AppState.ACCEPTED);
        assertThat(YarnStates.of(YarnApplicationState.NEW_SAVING, FinalApplicationStatus.UNDEFINED))
                .isEqualTo(AppState.SUBMITTED);
    }
}
