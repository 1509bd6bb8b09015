package io.punctual.submit.bench;

import io.punctual.workloads.suite.BenchSuite;
import io.punctual.workloads.suite.SparkApp;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Several suites run as one ({@code mixed} = PUMA + TPC-DS): its jobs are the parts' jobs named {@code part/job}
 * ({@code puma/wordcount}, {@code tpcds/q3}), its scales those every part accepts.
 */
public final class CombinedSuite implements BenchSuite {

    private final String name;
    private final Map<String, BenchSuite> parts = new LinkedHashMap<>();

    public CombinedSuite(String name, List<BenchSuite> parts) {
        this.name = name;
        parts.forEach(p -> this.parts.put(p.name(), p));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<String> jobs() {
        List<String> jobs = new ArrayList<>();
        parts.values().forEach(p -> p.jobs().forEach(j -> jobs.add(p.name() + "/" + j)));
        return jobs;
    }

    @Override
    public List<String> scales() {
        List<String> scales = new ArrayList<>(parts.values().iterator().next().scales());
        parts.values().forEach(p -> scales.retainAll(p.scales()));
        return scales;
    }

    @Override
    public void check(List<String> jobs, String scale) {
        if (!scales().contains(scale)) {
            throw new IllegalArgumentException("suite " + name + " has no scale '" + scale + "' that all of "
                    + String.join(", ", parts.keySet()) + " accept; its scales are " + String.join(", ", scales()));
        }
        byPart(jobs).forEach((part, own) -> parts.get(part).check(own, scale));
    }

    @Override
    public List<SparkApp> prepare(List<String> jobs, Path dataRoot, String scale, long seed) {
        List<SparkApp> apps = new ArrayList<>();
        byPart(jobs).forEach((part, own) -> apps.addAll(parts.get(part).prepare(own, dataRoot, scale, seed)));
        return apps;
    }

    @Override
    public SparkApp app(String job, Path dataRoot, String scale, Path output) {
        String part = part(job);
        return parts.get(part).app(job.substring(part.length() + 1), dataRoot, scale, output);
    }

    @Override
    public List<String> checkable(List<String> jobs) {
        List<String> checkable = new ArrayList<>();
        byPart(jobs).forEach((part, own) -> parts.get(part).checkable(own)
                .forEach(job -> checkable.add(part + "/" + job)));
        return checkable;
    }

    @Override
    public void prepareAnswers(List<String> jobs, Path dataRoot, String scale) {
        byPart(jobs).forEach((part, own) -> parts.get(part).prepareAnswers(own, dataRoot, scale));
    }

    @Override
    public SparkApp verifyingApp(String job, Path dataRoot, String scale, Path output) {
        String part = part(job);
        return parts.get(part).verifyingApp(job.substring(part.length() + 1), dataRoot, scale, output);
    }

    /** The jobs of each part, by the part's own names. */
    private Map<String, List<String>> byPart(List<String> jobs) {
        Map<String, List<String>> own = new LinkedHashMap<>();
        for (String job : jobs) {
            String part = part(job);
            own.computeIfAbsent(part, p -> new ArrayList<>()).add(job.substring(part.length() + 1));
        }
        return own;
    }

    private String part(String job) {
        int slash = job.indexOf('/');
        if (slash <= 0 || !parts.containsKey(job.substring(0, slash))) {
            throw new IllegalArgumentException("suite " + name + " names its jobs <suite>/<job> with a suite among "
                    + String.join(", ", parts.keySet()) + ", got '" + job + "'; its jobs are "
                    + String.join(", ", jobs()));
        }
        return job.substring(0, slash);
    }
}
