package io.punctual.submit.launch;

import io.punctual.submit.request.SparkOption;
import io.punctual.yarn.AppId;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.spark.launcher.SparkAppHandle;
import org.apache.spark.launcher.SparkLauncher;

/**
 * Runs spark-submit as a child process through Spark's {@code SparkLauncher}, which reports the application id and
 * state back over its launcher socket.
 */
public final class SparkSubmitLauncher implements Launcher {

    private final SparkRuntime runtime;
    private final Map<String, String> inherited;

    public SparkSubmitLauncher(SparkRuntime runtime) {
        this(runtime, System.getenv());
    }

    /** @param inherited the environment the child would inherit (the gateway's own, in production) */
    SparkSubmitLauncher(SparkRuntime runtime, Map<String, String> inherited) {
        this.runtime = runtime;
        this.inherited = Map.copyOf(inherited);
    }

    @Override
    public LaunchedApp launch(LaunchRequest request) {
        createWorkingDir(request.workingDir());
        SparkLauncher launcher = new SparkLauncher(ChildEnvironment.over(inherited, request.env()))
                .setSparkHome(runtime.home().toString())
                .directory(request.workingDir().toFile())
                .setAppResource(request.appResource())
                .redirectError()
                .redirectOutput(request.output().toFile());
        request.mainClass().ifPresent(launcher::setMainClass);
        for (SparkOption option : request.options()) {
            if (option.value().isPresent()) {
                launcher.addSparkArg(option.name(), option.value().get());
            } else {
                launcher.addSparkArg(option.name());
            }
        }
        request.conf().forEach(launcher::setConf);
        request.appArgs().forEach(launcher::addAppArgs);
        try {
            Files.createDirectories(request.output().getParent());
            Handle handle = new Handle();
            handle.spark = launcher.startApplication(handle);
            return handle;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start spark-submit from " + runtime.home() + ": "
                    + e.getMessage(), e);
        }
    }

    /** Follows the launcher's reports; the id arrives on a callback thread. */
    private static final class Handle implements LaunchedApp, SparkAppHandle.Listener {

        private final CountDownLatch idOrEnd = new CountDownLatch(1);
        private volatile SparkAppHandle spark;

        @Override
        public void stateChanged(SparkAppHandle h) {
            if (h.getState().isFinal() || h.getAppId() != null) {
                idOrEnd.countDown();
            }
        }

        @Override
        public void infoChanged(SparkAppHandle h) {
            if (h.getAppId() != null) {
                idOrEnd.countDown();
            }
        }

        @Override
        public Optional<AppId> appId() {
            String id = spark == null ? null : spark.getAppId();
            return id == null ? Optional.empty() : Optional.of(new AppId(id));
        }

        @Override
        public Optional<AppId> awaitAppId(Duration timeout) {
            try {
                idOrEnd.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return appId();
        }

        @Override
        public boolean submitterAlive() {
            return spark != null && !spark.getState().isFinal();
        }

        @Override
        public String submitterState() {
            return spark == null ? "UNKNOWN" : spark.getState().name();
        }

        @Override
        public void stopSubmitter() {
            if (spark != null && !spark.getState().isFinal()) {
                spark.kill();
            }
        }
    }

    /** A gateway gives each batch's spark-submit a directory of its own, made here on its first launch. */
    private static void createWorkingDir(java.nio.file.Path dir) {
        try {
            java.nio.file.Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot create spark-submit's working directory: " + e.getMessage(), e);
        }
    }
}
