package io.punctual.submit.launch;

import io.punctual.sizing.Resources;
import io.punctual.yarn.AppId;
import io.punctual.yarn.memory.AppSubmission;
import io.punctual.yarn.memory.InMemoryClusterGateway;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Launches into an {@link InMemoryClusterGateway} instead of running spark-submit: the application reaches the
 * in-memory ResourceManager with the queue, name and tags the spark-submit command names, and holds its executors and
 * ApplicationMaster for the run time the caller gives. Every request is recorded. Lets the whole submission path run
 * in milliseconds against a simulated cluster (tests, and the simulator).
 */
public final class InMemoryLauncher implements Launcher {

    /** How one launch goes: reaching YARN (with a run time), or spark-submit dying first with a reason. */
    public sealed interface Script {
        record Runs(Duration runTime) implements Script {
        }

        /** spark-submit ends before YARN has the application. */
        record DiesFirst(String state) implements Script {
        }

        /** The application reaches YARN, but spark-submit never reports its id (it is found by its tag). */
        record Silent(Duration runTime) implements Script {
        }
    }

    private final InMemoryClusterGateway cluster;
    private final Function<LaunchRequest, Script> script;
    private final List<LaunchRequest> requests = new CopyOnWriteArrayList<>();
    private final boolean writesOutput;

    public InMemoryLauncher(InMemoryClusterGateway cluster, Function<LaunchRequest, Script> script) {
        this(cluster, script, true);
    }

    private InMemoryLauncher(InMemoryClusterGateway cluster, Function<LaunchRequest, Script> script,
                             boolean writesOutput) {
        this.cluster = cluster;
        this.script = script;
        this.writesOutput = writesOutput;
    }

    /**
     * Every application runs until told otherwise ({@link InMemoryClusterGateway#finish}), and no output file is
     * written: the simulator launches thousands and keeps nothing of them on disk.
     */
    public static InMemoryLauncher simulated(InMemoryClusterGateway cluster) {
        return new InMemoryLauncher(cluster, request -> new Script.Runs(Duration.ofDays(365_000)), false);
    }

    /** Every application runs for {@code runTime}. */
    public static InMemoryLauncher running(InMemoryClusterGateway cluster, Duration runTime) {
        return new InMemoryLauncher(cluster, request -> new Script.Runs(runTime));
    }

    public List<LaunchRequest> requests() {
        return List.copyOf(requests);
    }

    @Override
    public LaunchedApp launch(LaunchRequest request) {
        requests.add(request);
        Script plan = script.apply(request);
        if (plan instanceof Script.DiesFirst dies) {
            output(request, "Exception in thread \"main\" org.apache.spark.SparkException: the launch ended "
                    + dies.state() + " in " + request.workingDir());
            return new Launched(Optional.empty(), dies.state());
        }
        Duration runTime = plan instanceof Script.Runs runs ? runs.runTime() : ((Script.Silent) plan).runTime();
        AppId id = cluster.submit(new AppSubmission(name(request), option(request, "--queue").orElse("default"),
                tags(request), "punctual", demand(request), runTime));
        output(request, "INFO Client: Submitting application " + id.value() + " to ResourceManager");
        return new Launched(plan instanceof Script.Silent ? Optional.empty() : Optional.of(id), "FINISHED");
    }

    /** What spark-submit would have written to its output file, so what reads that file reads something real. */
    private void output(LaunchRequest request, String line) {
        if (!writesOutput) {
            return;
        }
        try {
            java.nio.file.Files.createDirectories(request.output().toAbsolutePath().getParent());
            java.nio.file.Files.writeString(request.output(), line + "\n", java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("could not write the launch's output " + request.output(), e);
        }
    }

    private static String name(LaunchRequest request) {
        return option(request, "--name").or(() -> request.mainClass()).orElse(request.appResource());
    }

    private static Optional<String> option(LaunchRequest request, String name) {
        return request.options().stream().filter(o -> o.name().equals(name)).reduce((a, b) -> b)
                .flatMap(io.punctual.submit.request.SparkOption::value);
    }

    private static Set<String> tags(LaunchRequest request) {
        return Arrays.stream(request.conf().getOrDefault("spark.yarn.tags", "").split(","))
                .map(t -> t.trim().toLowerCase(Locale.ROOT)).filter(t -> !t.isEmpty()).collect(Collectors.toSet());
    }

    /** The executors the command pins plus its ApplicationMaster, shaped as Spark would ask YARN for them. */
    private static Resources demand(LaunchRequest request) {
        int executors = option(request, "--num-executors").map(Integer::parseInt).orElse(1);
        var conf = new java.util.HashMap<>(request.conf());
        option(request, "--executor-memory").ifPresent(m -> conf.put("spark.executor.memory", m));
        option(request, "--executor-cores").ifPresent(c -> conf.put("spark.executor.cores", c));
        option(request, "--driver-memory").ifPresent(m -> conf.put("spark.driver.memory", m));
        boolean cluster = !"client".equals(option(request, "--deploy-mode").orElse("cluster"));
        return ContainerShapes.of(conf, cluster, executors, Resources.of(1, 1)).total();
    }

    private record Launched(Optional<AppId> id, String state) implements LaunchedApp {
        @Override
        public Optional<AppId> appId() {
            return id;
        }

        @Override
        public Optional<AppId> awaitAppId(Duration timeout) {
            return id;
        }

        @Override
        public boolean submitterAlive() {
            return false;
        }

        @Override
        public String submitterState() {
            return state;
        }

        @Override
        public void stopSubmitter() {
            // Nothing runs: there is no process to stop.
        }
    }
}
