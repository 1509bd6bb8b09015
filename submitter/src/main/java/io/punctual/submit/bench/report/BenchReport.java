package io.punctual.submit.bench.report;

import io.punctual.submit.bench.report.ReportFigures.Figure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Builds a weekly run's report (issue 9, item 4) in its directory: {@code report.html}, {@code results.csv} and
 * {@code summary.json}, from {@code results.json}, {@code run.json} and the event logs the rows name. Each file is
 * written whole and then moved into place, so a reader never sees half a report.
 */
public final class BenchReport {

    private BenchReport() {
    }

    /** The report of {@code dir} alone; its week-over-week charts show the weeks among its own rows. */
    public static ReportSummary write(Path dir) {
        return write(dir, List.of());
    }

    /**
     * The report of {@code dir}, with the weeks of {@code earlier} report directories in its week-over-week charts.
     * Every directory is read before anything is written.
     */
    public static ReportSummary write(Path dir, List<Path> earlier) {
        ReadReport report = ReadReport.read(dir);
        List<ReadReport> previous = earlier.stream().map(ReadReport::read).toList();
        RowUsage logs = RowUsage.read(report);
        ReportSummary summary = ReportSummary.of(report, logs);
        List<Figure> figures = ReportFigures.of(report, logs, weeks(previous, report, summary), summary.policies());
        String csv = csv(report);
        atomically(dir.resolve(ReadReport.CSV), file -> write(file, csv));
        atomically(dir.resolve(ReadReport.SUMMARY), summary::writeJson);
        String page = ReportPage.render(summary, report, figures);
        atomically(dir.resolve(ReadReport.HTML), file -> write(file, page));
        return summary;
    }

    /**
     * The week-over-week columns, ordered by week: one per week among each directory's rows. A week that two
     * directories both hold is labelled with each directory's name.
     */
    static List<WeekColumn> weeks(List<ReadReport> previous, ReadReport current, ReportSummary summary) {
        record Week(int week, String dir, int order, List<PolicySummary> summaries) {
        }
        List<Week> all = new ArrayList<>();
        List<ReadReport> dirs = new ArrayList<>(previous);
        dirs.add(current);
        for (int i = 0; i < dirs.size(); i++) {
            ReadReport dir = dirs.get(i);
            List<PolicySummary> weekly = dir == current ? summary.weeks()
                    : ReportSummary.of(dir, RowUsage.unread(dir)).weeks();
            Map<Integer, List<PolicySummary>> byWeek = new TreeMap<>();
            weekly.forEach(s -> byWeek.computeIfAbsent(s.week(), w -> new ArrayList<>()).add(s));
            int order = i;
            byWeek.forEach((week, list) -> all.add(new Week(week, String.valueOf(dir.dir().getFileName()), order,
                    list)));
        }
        all.sort(Comparator.comparingInt(Week::week).thenComparingInt(Week::order));
        return all.stream().map(w -> new WeekColumn(all.stream().filter(o -> o.week() == w.week()).count() > 1
                ? "week " + w.week() + " (" + w.dir() + ")" : "week " + w.week(), w.summaries())).toList();
    }

    private static String csv(ReadReport report) {
        java.io.StringWriter out = new java.io.StringWriter();
        try {
            ResultsCsv.write(report.rows().stream().map(TimedRow::row).toList(), out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static void atomically(Path target, Consumer<Path> writer) {
        Path partial = target.resolveSibling(target.getFileName() + ".partial");
        writer.accept(partial);
        try {
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move " + partial + " to " + target + ": " + e.getMessage(), e);
        }
    }
}
