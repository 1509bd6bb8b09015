package io.punctual.submit.cli;

import io.punctual.history.IngestProgress;
import io.punctual.history.IngestReport;
import io.punctual.history.PredictReport;
import io.punctual.history.RunHistory;
import io.punctual.history.ShowReport;
import io.punctual.sizing.JobKey;
import io.punctual.submit.gateway.SharedHistory;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** {@code punctual history ingest | show | predict}: what Punctual has learned from Spark's history. */
public final class HistoryCommand implements Command {

    static final String USAGE = """
            Usage:
              punctual history ingest <dir | file | hdfs://... | http://history-server:18080> [--json] [--conf-dir d]
              punctual history show [<team/job>] [--json] [--conf-dir d]
              punctual history predict <team/job> --executors <n> [--json] [--conf-dir d]

            ingest   reads Spark event logs (plain, .inprogress, .lz4/.lzf/.snappy/.zstd, rolling eventlog_v2_*
                     directories) or a Spark History Server, and stores each run; re-ingesting is a no-op.
            show     every stored run (appId, jobKey, sparkVersion, wallTimeMs, tasks, taskTimeMs, stages,
                     executorsMax, complete, excludedReason) and each job's model summary.
            predict  the job's wall time at n executors (p50/p90/p95/p99), its demand quantiles, and a chart of
                     predicted runtime against executor count.

            The runs are your Punctual home's; with --conf-dir naming a site whose gateways share a database
            (punctual.gateway.database), they are the gateways' runs in that database, which every gateway sizes
            with.
            """;

    @Override
    public String summary() {
        return "ingest Spark history, show runs and models, predict a job's runtime";
    }

    @Override
    public int run(List<String> argv, CliContext context) {
        if (argv.isEmpty() || argv.get(0).equals("--help")) {
            context.out().print(USAGE);
            return argv.isEmpty() ? ExitStatus.USAGE : ExitStatus.OK;
        }
        String verb = argv.get(0);
        Flags flags = Flags.parse(argv.subList(1, argv.size()), Set.of("--executors", ConfDirs.FLAG),
                Set.of("--json", "--help"), "history " + verb);
        if (flags.has("--help")) {
            context.out().print(USAGE);
            return 0;
        }
        Optional<String> confDir = flags.value(ConfDirs.FLAG);
        var database = confDir.map(dir -> ConfDirs.load(Optional.of(dir), context, false).site().gateway().database())
                .filter(d -> d.shared());
        if (database.isEmpty()) {
            return run(verb, RunHistory.open(context.home().root()), flags, context);
        }
        try (SharedHistory shared = SharedHistory.open(database.get())) {
            context.err().println("punctual: the runs in " + shared.where());
            return run(verb, shared.history(), flags, context);
        }
    }

    private static int run(String verb, RunHistory history, Flags flags, CliContext context) {
        return switch (verb) {
            case "ingest" -> ingest(history, flags, context);
            case "show" -> show(history, flags, context);
            case "predict" -> predict(history, flags, context);
            default -> throw new UsageException("unknown history command '" + verb + "'; use ingest, show or predict");
        };
    }

    private static int ingest(RunHistory history, Flags flags, CliContext context) {
        String target = flags.onlyPositional("directory, file or URL to ingest", "history ingest");
        String resolved = target.contains("://") ? target : context.resolve(target).toString();
        boolean json = flags.has("--json");
        IngestReport report = history.ingest(resolved, json ? IngestProgress.SILENT : progress(context.err()));
        context.out().println(json ? report.toJson() : report.toText());
        return report.count("unreachable") > 0 && report.outcomes().size() == report.count("unreachable") ? 1 : 0;
    }

    private static IngestProgress progress(PrintStream err) {
        return new IngestProgress() {
            @Override
            public void reading(int index, int total, String uri) {
                err.printf("\r[%d/%d] reading %s", index, total, shorten(uri));
            }

            @Override
            public void done(int index, int total, IngestReport.Outcome outcome) {
                err.printf("\r[%d/%d] %-9s %s%n", index, total, outcome.kind(), shorten(outcome.location()));
            }
        };
    }

    private static String shorten(String uri) {
        return uri.length() <= 90 ? uri : "..." + uri.substring(uri.length() - 87);
    }

    private static int show(RunHistory history, Flags flags, CliContext context) {
        Optional<JobKey> key = flags.positional().isEmpty() ? Optional.empty()
                : Optional.of(jobKey(flags.onlyPositional("job key (team/name)", "history show")));
        ShowReport report = history.show(key);
        context.out().println(flags.has("--json") ? report.toJson() : report.toText());
        return 0;
    }

    private static int predict(RunHistory history, Flags flags, CliContext context) {
        JobKey key = jobKey(flags.onlyPositional("job key (team/name)", "history predict"));
        if (flags.value("--executors").isEmpty()) {
            throw new UsageException("--executors <n> is required for 'punctual history predict'");
        }
        PredictReport report = history.predict(key, flags.whole("--executors", 1));
        context.out().println(flags.has("--json") ? report.toJson() : report.toText());
        return report instanceof PredictReport.Prediction ? 0 : 1;
    }

    static JobKey jobKey(String text) {
        try {
            return JobKey.parse(text);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
