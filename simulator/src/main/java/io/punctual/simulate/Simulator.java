package io.punctual.simulate;

import io.punctual.simulate.engine.Cluster;
import io.punctual.simulate.engine.FinishedRun;
import io.punctual.simulate.engine.JobResult;
import io.punctual.simulate.engine.Policy;
import io.punctual.simulate.engine.RunResult;
import io.punctual.simulate.engine.Simulation;
import io.punctual.simulate.policy.PolicyCatalog;
import io.punctual.simulate.policy.PolicyContext;
import io.punctual.simulate.report.JobsCsv;
import io.punctual.simulate.report.Metrics;
import io.punctual.simulate.report.Plots;
import io.punctual.simulate.report.ReportFiles;
import io.punctual.simulate.workload.JobView;
import io.punctual.simulate.workload.SimJob;
import io.punctual.simulate.workload.TraceJob;
import io.punctual.simulate.workload.Workload;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs every asked policy over the same jobs and writes the report: {@code jobs.csv}, {@code summary.json}, and the
 * completion-CDF and utilisation charts. Everything is checked before the first policy runs.
 */
public final class Simulator {

    /** Utilisation is kept per minute of simulated time. */
    public static final double BUCKET_SECONDS = 60;

    private Simulator() {
    }

    public static SimulationReport run(SimulationRequest request, PolicyCatalog catalog,
                                       PolicyContext.Settings settings, Consumer<String> progress) {
        catalog.check(request.policies());
        List<TraceJob> trace = Workload.trace(request.trace(), request.seed());
        List<SimJob> jobs = Workload.jobs(trace, request.model(), request.deadlines(), request.seed());
        progress.accept(jobs.size() + " jobs on " + request.cluster().nodes() + " nodes (" + request.cluster().cpus()
                + " CPUs), deadlines " + request.deadlines().label() + ", seed " + request.seed());
        PolicyContext context = new PolicyContext(jobs, request.cluster(), settings, "");
        List<Policy> policies = new ArrayList<>();
        for (String name : request.policies()) {
            policies.add(catalog.create(name, context));
        }
        List<Metrics> metrics = new ArrayList<>();
        List<Plots.Curve> curves = new ArrayList<>();
        try (Writer csv = csv(request)) {
            for (Policy created : policies) {
                Policy policy = new Reporting(created, jobs.size(), progress);
                RunResult run = Simulation.run(jobs, request.cluster(), policy, BUCKET_SECONDS);
                Metrics m = Metrics.of(run);
                metrics.add(m);
                progress.accept(String.format(java.util.Locale.ROOT, "%s: done in %.1f s (%.0f jobs/s)", created.name(),
                        run.wallSeconds(), m.jobsPerSecond()));
                if (csv != null) {
                    for (JobResult row : run.jobs()) {
                        JobsCsv.row(csv, row);
                    }
                    curves.add(Plots.Curve.of(run));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report: " + e.getMessage(), e);
        }
        SimulationReport report = new SimulationReport(request, jobs.size(), metrics);
        request.reportDir().ifPresent(dir -> writeSummaryAndPlots(dir, report, curves));
        return report;
    }

    private static Writer csv(SimulationRequest request) throws IOException {
        if (request.reportDir().isEmpty()) {
            return null;
        }
        return ReportFiles.jobs(request.reportDir().get());
    }

    private static void writeSummaryAndPlots(Path dir, SimulationReport report, List<Plots.Curve> curves) {
        try {
            ReportFiles.summary(dir, report.summary());
            Plots.completionCdf(curves, dir.resolve("completion-cdf.png"));
            Plots.utilisation(curves, dir.resolve("utilisation.png"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report in " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Passes everything to the policy, and tells how far the run is every tenth of the arrivals. */
    private static final class Reporting implements Policy {
        private final Policy inner;
        private final int total;
        private final Consumer<String> progress;
        private int arrived;

        Reporting(Policy inner, int total, Consumer<String> progress) {
            this.inner = inner;
            this.total = total;
            this.progress = progress;
        }

        @Override
        public String name() {
            return inner.name();
        }

        @Override
        public void arrived(Cluster cluster, JobView job) {
            arrived++;
            if (total >= 1000 && arrived % (total / 10) == 0) {
                progress.accept(String.format(java.util.Locale.ROOT, "%s: %d%% of arrivals, simulated %.1f h",
                        inner.name(), 100L * arrived / total, cluster.now() / 3600));
            }
            inner.arrived(cluster, job);
        }

        @Override
        public void finished(Cluster cluster, FinishedRun run) {
            inner.finished(cluster, run);
        }

        @Override
        public void overdue(Cluster cluster, JobView job) {
            inner.overdue(cluster, job);
        }

        @Override
        public void expired(Cluster cluster, JobView job) {
            inner.expired(cluster, job);
        }

        @Override
        public void woke(Cluster cluster, JobView job) {
            inner.woke(cluster, job);
        }
    }

    static Map<String, Object> describe(SimulationRequest request, int jobs) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("trace", request.trace());
        out.put("jobs", jobs);
        out.put("nodes", request.cluster().nodes());
        out.put("nodeVcores", request.cluster().vcores());
        out.put("nodeMemoryMb", request.cluster().memoryMb());
        out.put("containerMb", request.cluster().containerMb());
        out.put("cpus", request.cluster().cpus());
        out.put("deadlines", request.deadlines().label());
        out.put("seed", request.seed());
        out.put("taskModel", request.model());
        return out;
    }
}
