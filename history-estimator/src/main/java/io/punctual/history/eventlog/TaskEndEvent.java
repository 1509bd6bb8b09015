package io.punctual.history.eventlog;

/** The fields of one SparkListenerTaskEnd the model reads; reused line after line to avoid garbage. */
final class TaskEndEvent {
    int stageId;
    int stageAttemptId;
    String reason;
    long launchMs;
    long finishMs;
    int index;
    boolean failedFlag;
    boolean killedFlag;
    long inputBytes;
    long shuffleReadBytes;
    long shuffleWriteBytes;

    void reset() {
        stageId = -1;
        stageAttemptId = 0;
        reason = null;
        launchMs = 0;
        finishMs = 0;
        index = -1;
        failedFlag = false;
        killedFlag = false;
        inputBytes = 0;
        shuffleReadBytes = 0;
        shuffleWriteBytes = 0;
    }
}
