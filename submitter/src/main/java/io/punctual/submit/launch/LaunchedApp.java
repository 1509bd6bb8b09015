package io.punctual.submit.launch;

import io.punctual.yarn.AppId;
import java.time.Duration;
import java.util.Optional;

/** A Spark application that was handed to spark-submit. */
public interface LaunchedApp {

    /** The YARN application id, once spark-submit has reported it. */
    Optional<AppId> appId();

    /**
     * Waits for the YARN application id.
     *
     * @return empty if spark-submit ended or the time ran out before the application reached YARN
     */
    Optional<AppId> awaitAppId(Duration timeout);

    /** Whether the spark-submit process is still running. */
    boolean submitterAlive();

    /** What spark-submit last reported, e.g. {@code RUNNING}, or {@code LOST} when it died without a report. */
    String submitterState();

    /** Stops the spark-submit process; the YARN application must be killed through the cluster. */
    void stopSubmitter();
}
