package io.punctual.workloads.suite;

import java.util.List;
import java.util.Objects;

/**
 * One Spark application of a benchmark suite, as spark-submit would be given it from the workloads jar.
 *
 * @param name      the name reports use (a PUMA job's or a TPC-DS query's name)
 * @param mainClass the application's main class inside the workloads jar
 * @param args      its arguments, paths already resolved
 */
public record SparkApp(String name, String mainClass, List<String> args) {

    public SparkApp {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(mainClass, "mainClass");
        args = List.copyOf(args);
    }
}
