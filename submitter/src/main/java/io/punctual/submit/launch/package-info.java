/**
 * Starting Spark applications. Building the spark-submit command a submission amounts to ({@link SparkCommand},
 * {@link LaunchRequest}) is kept apart from running it ({@link Launcher}: {@link SparkSubmitLauncher} through Spark's
 * {@code SparkLauncher}, or {@link InMemoryLauncher} into the in-memory YARN), so tests check the command without a
 * process. Around it: the thin Spark runtime Punctual lays out under its home ({@link SparkRuntime},
 * {@link SparkJars}), the containers Spark will ask YARN for, computed as Spark computes them so a reservation holds
 * exactly that ({@link ContainerShapes}), and the executor targets a re-plan moves ({@link ExecutorTargets}).
 *
 * <p>Contract: every option the user gave passes through unchanged except the few a reservation depends on (the
 * queue, the executor count pinned with dynamic allocation off, the tags that find the application again, event
 * logging into Punctual's history). spark-submit runs with an environment stripped to what Spark and Hadoop need, so
 * the gateway's secrets never reach a child. Layering: above {@code request} alone, beside {@code learn}, below the
 * pipeline.
 */
package io.punctual.submit.launch;
