package io.punctual.simulate.reservations;

import io.punctual.simulate.RunReport;
import io.punctual.simulate.SimulationRequest;
import io.punctual.simulate.engine.JobResult;
import io.punctual.simulate.policy.PolicyCatalog;
import io.punctual.simulate.report.ReportFiles;
import io.punctual.simulate.workload.SpecFields;
import io.punctual.simulate.workload.TraceException;
import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.PlannerKind;
import io.punctual.sizing.rayon.plan.Segment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code punctual simulate --trace reservations:requests=N[,load=L]}: a Rayon-style reservation workload placed by
 * GREE and GREE-L (robust-sizing's planners) on the simulated cluster; a row per request in {@code jobs.csv} (its
 * allocation's start and end when accepted), {@code summary.json} and the table of Rayon's metrics.
 */
public final class ReservationSimulator {

    public static final String PREFIX = "reservations:";
    /** Policies the simulator places reservations with. */
    public static final List<String> POLICIES = PolicyCatalog.RESERVATION_POLICIES;
    private static final String FORMAT = "reservations:requests=N[,load=L]";

    private ReservationSimulator() {
    }

    public static boolean handles(String trace) {
        return trace.startsWith(PREFIX);
    }

    /** Each planner's acceptance, as a table and as JSON. */
    public record Report(Map<String, Object> summary, List<ReservationAcceptance.Result> results) implements RunReport {

        @Override
        public String table() {
            StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%-8s %9s %11s %11s %11s %11s %9s%n",
                    "policy", "accepted", "acceptance", "ms/request", "preemption", "uniformity", "overfull"));
            for (ReservationAcceptance.Result r : results) {
                out.append(String.format(Locale.ROOT, "%-8s %9s %11.4f %11.4f %11.3f %11.4f %9d%n", r.policy(),
                        r.acceptedCount() + "/" + r.requests(), r.acceptance(), r.millisPerRequest(), r.preemption(),
                        r.uniformity(), r.overCommitted()));
            }
            return out.toString();
        }
    }

    public static Report run(SimulationRequest request, Consumer<String> progress) {
        for (String policy : request.policies()) {
            if (!POLICIES.contains(policy)) {
                throw new IllegalArgumentException("policy '" + policy + "' does not place reservations here; with a"
                        + " reservations: workload use " + String.join(", ", POLICIES) + " (YARN's own agents are"
                        + " measured beside them by the benchmark RayonSideBySide, see benchmarks/results/rayon.md)");
            }
        }
        Spec spec = Spec.parse(request.trace().substring(PREFIX.length()));
        Resources capacity = request.cluster().resources();
        List<RayonWorkload.Request> workload = RayonWorkload.generate(request.seed(), spec.requests(), capacity,
                spec.load());
        progress.accept(workload.size() + " reservation requests at load " + spec.load() + " on " + capacity
                + ", seed " + request.seed());
        List<ReservationAcceptance.Result> results = new ArrayList<>();
        for (String policy : request.policies()) {
            PlannerKind kind = policy.equals("gree") ? PlannerKind.GREE : PlannerKind.GREE_L;
            results.add(ReservationAcceptance.place(policy, kind, workload, capacity));
            progress.accept(policy + ": done");
        }
        Map<String, Object> summary = summary(request, capacity, results);
        Report report = new Report(summary, results);
        request.reportDir().ifPresent(dir -> write(dir, workload, report));
        return report;
    }

    private static Map<String, Object> summary(SimulationRequest request, Resources capacity,
                                               List<ReservationAcceptance.Result> results) {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("workload", request.trace());
        summary.put("capacity", capacity);
        summary.put("seed", request.seed());
        List<Map<String, Object>> metrics = new ArrayList<>();
        for (ReservationAcceptance.Result r : results) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("policy", r.policy());
            m.put("accepted", r.acceptedCount());
            m.put("requests", r.requests());
            m.put("acceptance", r.acceptance());
            m.put("millisPerRequest", r.millisPerRequest());
            m.put("preemption", r.preemption());
            m.put("uniformity", r.uniformity());
            m.put("overCommitted", r.overCommitted());
            metrics.add(m);
        }
        summary.put("policies", metrics);
        return summary;
    }

    private static void write(Path dir, List<RayonWorkload.Request> workload, Report report) {
        List<JobResult> rows = new ArrayList<>();
        for (ReservationAcceptance.Result r : report.results()) {
            for (int i = 0; i < workload.size(); i++) {
                rows.add(row(r, workload.get(i), r.accepted()[i], r.allocations().get(i)));
            }
        }
        ReportFiles.write(dir, rows, report.summary());
    }

    private static JobResult row(ReservationAcceptance.Result r, RayonWorkload.Request request, boolean accepted,
                                 List<Segment> allocation) {
        double start = allocation.stream().mapToLong(Segment::start).min().orElse(Long.MIN_VALUE);
        double end = allocation.stream().mapToLong(Segment::end).max().orElse(Long.MIN_VALUE);
        double vcoreSeconds = allocation.stream().mapToDouble(s -> (double) s.amount().vcores() * (s.end() - s.start()))
                .sum();
        int widest = request.stages().stream().mapToInt(s -> (int) (s.containers() * s.bundle().vcores())).max()
                .orElse(0);
        return new JobResult(r.policy(), "r" + request.index(), request.arrival(), request.deadline(), accepted,
                accepted ? start : Double.NaN, accepted ? end : Double.NaN, accepted, vcoreSeconds,
                accepted && end > start ? vcoreSeconds / (end - start) : 0, !accepted,
                accepted ? "" : "no room in its window", widest);
    }

    private record Spec(int requests, double load) {

        static Spec parse(String text) {
            SpecFields fields = SpecFields.parse(text, List.of("requests", "load"), FORMAT);
            int requests = fields.whole("requests", 0);
            double load = fields.number("load", 1.0);
            if (requests < 1 || !(load > 0)) {
                throw new TraceException("a reservation workload needs requests ≥ 1 and load > 0; write " + FORMAT);
            }
            return new Spec(requests, load);
        }
    }
}
