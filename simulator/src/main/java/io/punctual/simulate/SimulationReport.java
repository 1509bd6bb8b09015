package io.punctual.simulate;

import io.punctual.simulate.report.Metrics;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The metrics of every policy over one workload, as a table and as {@code summary.json}. */
public record SimulationReport(SimulationRequest request, int jobs, List<Metrics> metrics) implements RunReport {

    public SimulationReport {
        metrics = List.copyOf(metrics);
    }

    @Override
    public Map<String, Object> summary() {
        Map<String, Object> out = Simulator.describe(request, jobs);
        out.put("policies", metrics);
        return out;
    }

    @Override
    public String table() {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                "%-22s %7s %8s %8s %7s %12s %10s %6s %6s %8s %8s %6s %10s %10s %10s%n", "policy", "SDR", "met",
                "dropped", "killed", "unannounced", "CPU-s/met", "PTR", "WTR", "fairness", "equality", "util",
                "makespan h", "CPU-hours", "jobs/s"));
        for (Metrics m : metrics) {
            out.append(String.format(Locale.ROOT,
                    "%-22s %7.3f %8d %8d %7d %5.3f≤%6.3f %10.0f %6.3f %6.3f %8.3f %8.3f %6.3f %10.1f %10.1f %10.0f%n",
                    m.policy(), m.sdrAll(), m.met(), m.dropped(), m.killed(), m.unannouncedMissRate(),
                    m.unannouncedMissRateUpper95(), m.executorSecondsPerMet() == null ? Double.NaN
                            : m.executorSecondsPerMet(), m.productiveTimeRatio(),
                    m.wastedTimeRatio(), m.fairness(), m.equality(), m.utilisation(), m.makespanHours(), m.cpuHours(),
                    m.jobsPerSecond()));
        }
        return out.toString();
    }
}
