package io.punctual.submit.launch;

/** Starts Spark applications. */
public interface Launcher {

    LaunchedApp launch(LaunchRequest request);
}
