package io.punctual.submit.bench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code punctual bench compare <before> <after> [--json]}: week over week, two report directories side by side
 * (per policy and per job the change in deadlines met, executor-seconds and ratio to the oracle).
 */
public final class CompareCommand implements Subcommand {

    static final String USAGE = """
            Usage: punctual bench compare <before-dir> <after-dir> [--json]

            Compares two 'punctual bench run --report <dir>' directories, typically last week's and this week's:
            per policy the change in the share of admitted deadlines met (in percentage points), in executor-seconds
            and in the ratio to the oracle; then per job. A change is after − before; '–' where one side has no value.

              --json   print the comparison as JSON instead of tables
            """;
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Override
    public String summary() {
        return "week over week: compare two report directories";
    }

    @Override
    public int run(List<String> args, Path cwd, PrintStream out, PrintStream err) {
        try {
            Arguments parsed = Arguments.parse(args, Set.of("--json", "--help"), Set.of(), "compare");
            if (parsed.has("--help")) {
                out.print(USAGE);
                return 0;
            }
            if (parsed.positional().size() != 2) {
                throw new IllegalArgumentException("'punctual bench compare' takes two report directories (before, "
                        + "after), got " + parsed.positional().size() + "; run 'punctual bench compare --help'");
            }
            ReadReport before = ReadReport.read(cwd.resolve(parsed.positional().get(0)).normalize());
            ReadReport after = ReadReport.read(cwd.resolve(parsed.positional().get(1)).normalize());
            Comparison comparison = Comparison.of(before, after);
            out.print(parsed.has("--json") ? JSON.writeValueAsString(comparison) + "\n" : tables(comparison));
            return 0;
        } catch (IllegalArgumentException | UncheckedIOException e) {
            err.println("punctual bench compare: " + e.getMessage());
            return 1;
        } catch (JsonProcessingException e) {
            err.println("punctual bench compare: cannot write JSON: " + e.getOriginalMessage());
            return 1;
        }
    }

    static String tables(Comparison c) {
        TextTable policies = new TextTable("policy", "jobs", "met/admitted before", "after", "change",
                "executor-s before", "after", "change", "×oracle before", "after", "change");
        for (Comparison.PolicyChange p : c.policies()) {
            policies.row(p.policy(), count(p.jobsBefore()) + " → " + count(p.jobsAfter()),
                    TextTable.percent(p.hitRateBefore()), TextTable.percent(p.hitRateAfter()), points(p.hitRateChange()),
                    TextTable.whole(p.executorSecondsBefore()), TextTable.whole(p.executorSecondsAfter()),
                    TextTable.signed(p.executorSecondsChange(), ".0f"), TextTable.ratio(p.oracleRatioBefore()),
                    TextTable.ratio(p.oracleRatioAfter()), TextTable.signed(p.oracleRatioChange(), ".2f"));
        }
        TextTable jobs = new TextTable("policy", "job", "met before", "after", "executor-s before", "after", "change",
                "×oracle before", "after", "change");
        for (Comparison.JobChange j : c.jobs()) {
            jobs.row(j.policy(), j.job(), met(j.before()), met(j.after()),
                    TextTable.whole(j.before() == null ? null : j.before().executorSeconds()),
                    TextTable.whole(j.after() == null ? null : j.after().executorSeconds()),
                    TextTable.signed(j.executorSecondsChange(), ".0f"),
                    TextTable.ratio(j.before() == null ? null : j.before().oracleRatio()),
                    TextTable.ratio(j.after() == null ? null : j.after().oracleRatio()),
                    TextTable.signed(j.oracleRatioChange(), ".2f"));
        }
        return "before: " + c.before() + "\nafter:  " + c.after() + "\n\n" + policies.render() + "\n" + jobs.render();
    }

    private static String count(Integer n) {
        return n == null ? TextTable.NONE : String.valueOf(n);
    }

    /** A change of a share in percentage points, "+2.5 pp". */
    private static String points(Double change) {
        return change == null ? TextTable.NONE : String.format(Locale.ROOT, "%+.1f pp", change * 100);
    }

    private static String met(Comparison.JobSide side) {
        return side == null ? "absent" : side.met() + " of " + side.runs();
    }
}
