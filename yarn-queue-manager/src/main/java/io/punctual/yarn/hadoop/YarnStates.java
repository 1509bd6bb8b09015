package io.punctual.yarn.hadoop;

import io.punctual.yarn.AppState;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;

/**
 * Maps every (application state, final status) pair YARN can report onto an {@link AppState}. The final status is
 * what the ApplicationMaster declared when it unregistered; the state is what the ResourceManager did. Where they
 * disagree the worse outcome wins, so a deadline is never counted as met by an application that did not succeed.
 */
public final class YarnStates {

    private YarnStates() {
    }

    public static AppState of(YarnApplicationState state, FinalApplicationStatus finalStatus) {
        return switch (state) {
            case NEW, NEW_SAVING, SUBMITTED -> AppState.SUBMITTED;
            case ACCEPTED -> AppState.ACCEPTED;
            // An AM that has unregistered but whose containers are still being torn down reports RUNNING with its
            // final status set; it is not over until the RM says FINISHED.
            case RUNNING -> AppState.RUNNING;
            case FINISHED -> finished(finalStatus);
            case FAILED -> AppState.FAILED;
            case KILLED -> AppState.KILLED;
        };
    }

    private static AppState finished(FinalApplicationStatus finalStatus) {
        return switch (finalStatus) {
            case SUCCEEDED -> AppState.SUCCEEDED;
            case KILLED -> AppState.KILLED;
            // FAILED: the AM said so. UNDEFINED: it finished without saying how, which YARN only allows when the AM
            // did not unregister properly. ENDED: sub-tasks ended in mixed states; Spark never reports it, and a
            // mixed result does not meet a deadline.
            case FAILED, UNDEFINED, ENDED -> AppState.FAILED;
        };
    }
}
