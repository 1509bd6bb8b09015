package io.punctual.history;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.punctual.history.run.RunRecord;
import io.punctual.history.store.StoreProblem;

import java.util.List;
import io.punctual.history.model.CountValidation;
import java.util.Locale;

/** {@code punctual history show}: one row per stored run, one summary per job key, and damaged records. */
public record ShowReport(List<RunRow> runs, List<ModelSummary> models, List<StoreProblem> problems) {

    /**
     * The per-run fields of {@code history show}: {@code tasks} counts every SparkListenerTaskEnd, {@code taskTimeMs}
     * sums each task's Finish Time − Launch Time, {@code wallTimeMs} is application end − application start (null
     * without an end).
     */
    public record RunRow(String appId, String attemptId, String jobKey, String sparkVersion, Long wallTimeMs,
                         long tasks, long taskTimeMs, int stages, int executorsMax, boolean complete,
                         String excludedReason) {

        static RunRow of(RunRecord r) {
            return new RunRow(r.id().appId(), r.id().attemptId().orElse(null), r.jobKey().toString(),
                    r.sparkVersion().orElse(null), r.wallTimeMs().isPresent() ? r.wallTimeMs().getAsLong() : null,
                    r.totals().tasks(), r.totals().taskTimeMs(), r.stages().size(), r.executorsMax(),
                    r.integrity().complete(), r.excludedReason().orElse(null));
        }
    }

    public ShowReport {
        runs = List.copyOf(runs);
        models = List.copyOf(models);
        problems = List.copyOf(problems);
    }

    public String toText() {
        StringBuilder out = new StringBuilder();
        out.append(String.format("%-34s %-10s %9s %7s %10s %6s %5s %-8s %s%n", "run", "spark", "wall", "tasks",
                "task time", "stages", "execs", "complete", "job key / excluded because"));
        for (RunRow r : runs) {
            String id = r.attemptId() == null ? r.appId() : r.appId() + "/" + r.attemptId();
            out.append(String.format(Locale.ROOT, "%-34s %-10s %9s %7d %10s %6d %5d %-8s %s%n", id,
                    r.sparkVersion() == null ? "?" : r.sparkVersion(),
                    r.wallTimeMs() == null ? "-" : DurationText.of(r.wallTimeMs() / 1000.0), r.tasks(),
                    DurationText.of(r.taskTimeMs() / 1000.0), r.stages(), r.executorsMax(), r.complete() ? "yes" : "no",
                    r.jobKey() + (r.excludedReason() == null ? "" : "\n" + " ".repeat(35) + "excluded: " + r.excludedReason())));
        }
        for (ModelSummary m : models) {
            out.append(System.lineSeparator()).append(summaryText(m));
        }
        for (StoreProblem p : problems) {
            out.append(String.format("damaged record %s: %s%n", p.location(), p.message()));
        }
        return out.toString();
    }

    private static String summaryText(ModelSummary m) {
        String deadlines = m.achieved().map(a -> "  deadlines: " + a.text() + System.lineSeparator()).orElse("");
        if (m.untrainedReason().isPresent()) {
            return String.format("model %s: none (%d runs; %s)%n", m.jobKey(), m.runs(), m.untrainedReason().get())
                    + deadlines;
        }
        String fit = m.fit().map(f -> String.format(Locale.ROOT, "%s(mu=%.3g, sigma=%.3g, KS=%.2f)",
                f.family().name().toLowerCase(Locale.ROOT), f.mu(), f.sigma(), f.ksDistance())).orElse("none (<3 runs)");
        return String.format(Locale.ROOT, "model %s: %d of %d runs train it%n"
                        + "  demand (executor-core-s) p50 %.1f  p90 %.1f  p99 %.1f; fit %s%n"
                        + "  p99 task %s; max parallelism %d tasks = %d executors of %d cores; driver-only %s%n"
                        + "  input drift: elasticity %.2f (%s)%n"
                        + "  predicted wall at %d executors: p50 %s, p90 %s%n%s",
                m.jobKey(), m.trainingRuns(), m.runs(), m.demandP50(), m.demandP90(), m.demandP99(), fit,
                DurationText.of(m.p99TaskSeconds()), m.maxParallelism(), m.maxUsefulExecutors(), m.coresPerExecutor(),
                DurationText.of(m.driverOnlySeconds()), m.inputElasticity(), m.inputDriftMethod(), m.maxUsefulExecutors(),
                DurationText.of(m.wallP50AtMaxUseful()), DurationText.of(m.wallP90AtMaxUseful()),
                m.validation().map(ShowReport::validationText).orElse("")) + deadlines;
    }

    /** The leave-one-count-out scores, the winner and coverage, and what the runs cannot tell. */
    static String validationText(CountValidation v) {
        StringBuilder out = new StringBuilder("  runtime curve: " + v.summary() + System.lineSeparator());
        if (v.validated()) {
            for (CountValidation.Score s : v.scores()) {
                out.append(String.format(Locale.ROOT, "    %-10s median error %s, p90 error %s%s%n", s.model(),
                        CountValidation.percent(s.medianError()), CountValidation.percent(s.p90Error()),
                        s.unfit().map(u -> " (" + u + ")").orElse(s.model().equals(v.winner()) ? "  <- chosen" : "")));
            }
        }
        v.doubts().forEach(d -> out.append("  note: ").append(d).append(System.lineSeparator()));
        return out.toString();
    }

    public String toJson() {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        root.set("runs", mapper.valueToTree(runs));
        ArrayNode models = root.putArray("models");
        for (ModelSummary m : this.models) {
            ObjectNode n = models.addObject().put("jobKey", m.jobKey().toString()).put("runs", m.runs())
                    .put("trainingRuns", m.trainingRuns());
            m.achieved().ifPresent(a -> {
                ObjectNode d = n.putObject("deadlines").put("finished", a.finished()).put("met", a.met())
                        .put("achieved", a.share()).put("clearlyBelowAsked", a.clearlyBelow());
                a.asked().ifPresent(c -> d.put("asked", c));
            });
            if (m.untrainedReason().isPresent()) {
                n.put("untrainedReason", m.untrainedReason().get());
                continue;
            }
            ObjectNode demand = n.putObject("demandCoreSeconds").put("p50", m.demandP50()).put("p90", m.demandP90())
                    .put("p99", m.demandP99());
            m.fit().ifPresent(f -> demand.putObject("fit").put("family", f.family().name()).put("mu", f.mu())
                    .put("sigma", f.sigma()).put("logLikelihood", f.logLikelihood())
                    .put("rivalLogLikelihood", f.rivalLogLikelihood()).put("ksDistance", f.ksDistance()));
            n.put("p99TaskSeconds", m.p99TaskSeconds()).put("maxParallelism", m.maxParallelism())
                    .put("maxUsefulExecutors", m.maxUsefulExecutors()).put("coresPerExecutor", m.coresPerExecutor())
                    .put("driverOnlySeconds", m.driverOnlySeconds()).put("inputElasticity", m.inputElasticity())
                    .put("inputDriftMethod", m.inputDriftMethod()).put("wallP50AtMaxUsefulSeconds", m.wallP50AtMaxUseful())
                    .put("wallP90AtMaxUsefulSeconds", m.wallP90AtMaxUseful());
            m.validation().ifPresent(v -> validationJson(n.putObject("crossValidation"), v));
        }
        ArrayNode damaged = root.putArray("damagedRecords");
        problems.forEach(p -> damaged.addObject().put("location", p.location()).put("message", p.message()));
        try {
            return mapper.writeValueAsString(root);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot render the runs as JSON", e);
        }
    }

    private static void validationJson(ObjectNode node, CountValidation v) {
        node.put("method", "leave-one-count-out").put("winner", v.winner()).put("executorCounts", v.counts())
                .put("validated", v.validated());
        v.rawCoverage().ifPresent(c -> node.put("p90CoverageRaw", c));
        v.calibratedCoverage().ifPresent(c -> node.put("p90CoverageCalibrated", c));
        ArrayNode scores = node.putArray("scores");
        for (CountValidation.Score s : v.scores()) {
            ObjectNode o = scores.addObject().put("model", s.model()).put("trials", s.trials().size());
            if (!s.trials().isEmpty()) {
                o.put("medianError", s.medianError()).put("p90Error", s.p90Error());
            }
            s.unfit().ifPresent(u -> o.put("unfit", u));
        }
        ArrayNode doubts = node.putArray("doubts");
        v.doubts().forEach(doubts::add);
    }
}
