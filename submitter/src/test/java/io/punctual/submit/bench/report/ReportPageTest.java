package io.punctual.submit.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.submit.bench.BenchRow;
import java.io.ByteArrayInputStream;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report.html as text: self-contained, every chart a PNG that decodes, and hostile row text kept as text. */
class ReportPageTest {

    static final String HOSTILE_JOB = "<script id=\"pwned\">alert(1)</script><img src=x onerror=alert(2)>";
    static final String HOSTILE_REASON = "\"><iframe src=\"https://evil.example/\"></iframe>&amp;";

    @TempDir
    static Path dir;
    static String html;

    @BeforeAll
    static void build() throws Exception {
        ReportFixture.write(dir);
        withHostileRow(dir);
        BenchReport.write(dir);
        html = Files.readString(dir.resolve(ReadReport.HTML));
    }

    static void withHostileRow(Path dir) throws Exception {
        ReportFixture.rewrite(dir, rows -> {
            rows.add(new BenchRow("punctual", HOSTILE_JOB, null, ReportFixture.at(1300), ReportFixture.at(1500), false,
                    HOSTILE_REASON, null, false, null, null, null, null, null, 1, 1.0, null, null, null));
            return rows;
        });
    }

    @Test
    void theRunLineSaysOnWhatShareEachPolicyRanAndOnWhatHost() {
        assertThat(html).contains("cluster 8 vcores, 16384 MB on a host of 2 cores")
                .contains("Queues: ", "static in root.team-analytics (40% of root, at most 40%)",
                        "punctual in root.sla (40% of root, at most 40%)");
    }

    @Test
    void theRunLineSaysHowMuchOfEachJobsRunItsLaunchTook() {
        var run = ReportFixture.runInfo().withJobs(java.util.Map.of(
                "puma/grep", new io.punctual.submit.bench.RunInfo.JobMeasure("k1", 20.0, 5, List.of(), List.of()),
                "tpcds/q3", new io.punctual.submit.bench.RunInfo.JobMeasure("k2", 40.0, 4, List.of(), List.of()),
                "puma/never", new io.punctual.submit.bench.RunInfo.JobMeasure("k3", null, 0, List.of(), List.of())));
        assertThat(ReportPage.launchShare(run)).isEqualTo(" Launch took 10–25% of each job's isolated run (median"
                + " 10%).");
        assertThat(ReportPage.launchShare(ReportFixture.runInfo())).isEmpty();
    }

    @Test
    void theRunLineSaysWhetherAnswersWereCheckedByASecondEngine() {
        java.util.function.Function<Boolean, io.punctual.submit.bench.RunPlan> plan = verify ->
                new io.punctual.submit.bench.RunPlan("mixed", List.of("tpcds/q3"), "tiny", 2, "1x:0.5,2x:0.5", 0.3,
                        List.of("static", "punctual"), 7, "poisson:20s", 2, List.of(1, 2), 1, 0, verify);

        assertThat(ReportPage.answers(ReportFixture.runInfo(plan.apply(true))))
                .isEqualTo(" Answers were checked against DuckDB's over the same input (--verify): a run that"
                        + " answered otherwise failed, and met no deadline.");
        assertThat(ReportPage.answers(ReportFixture.runInfo(plan.apply(false))))
                .isEqualTo(" Answers were not checked (no --verify).");
        assertThat(ReportPage.answers(ReportFixture.runInfo())).as("a run.json without its plan").isEmpty();
    }

    @Test
    void hostileTextFromTheRowsIsEscapedNotMarkup() {
        assertThat(html.toLowerCase()).doesNotContain("<script").doesNotContain("<iframe").doesNotContain("<img src=x");
        assertThat(html).contains("&lt;script id=&quot;pwned&quot;&gt;alert(1)&lt;/script&gt;&lt;img src=x "
                + "onerror=alert(2)&gt;");
        assertThat(html).contains("&quot;&gt;&lt;iframe src=&quot;https://evil.example/&quot;&gt;&lt;/iframe&gt;&amp;amp;");
    }

    @Test
    void thePageFetchesNothingAndRunsNoScript() {
        Matcher links = Pattern.compile("(?i)\\b(src|href|action)\\s*=\\s*\"([^\"]*)\"").matcher(html);
        int images = 0;
        while (links.find()) {
            assertThat(links.group(2)).as(links.group()).startsWith("data:image/png;base64,");
            images++;
        }
        // lateness, cost vs oracle, Pareto, punctual's capacity, weekly deadlines met, weekly cost
        assertThat(images).isEqualTo(6);
        assertThat(html).contains("Content-Security-Policy\" content=\"default-src 'none'; img-src data:;");
    }

    @Test
    void everyChartIsAPngThatDecodes() throws Exception {
        Matcher data = Pattern.compile("data:image/png;base64,([A-Za-z0-9+/=]+)").matcher(html);
        int decoded = 0;
        while (data.find()) {
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(data.group(1))));
            assertThat(image).isNotNull();
            assertThat(List.of(image.getWidth(), image.getHeight())).containsExactly(900, 500);
            decoded++;
        }
        assertThat(decoded).isEqualTo(6);
    }

    @Test
    void theSummaryTableHasARowPerPolicyAndTheVerdictIsPlain() {
        assertThat(Pattern.compile("<tr data-policy=\"[^\"]+\">").matcher(section("summary")).results().count())
                .isEqualTo(2);
        assertThat(html).contains("<li class=\"verdict missed\" data-policy=\"punctual\"><strong>punctual: goal NOT met");
        assertThat(Files.exists(dir.resolve(ReadReport.CSV))).isTrue();
        assertThat(Files.exists(dir.resolve(ReadReport.SUMMARY))).isTrue();
        try (var listing = java.util.stream.Stream.of(dir.toFile().list())) {
            assertThat(listing.filter(name -> name.endsWith(".partial"))).isEmpty();
        }
    }

    private static String section(String tableId) {
        int start = html.indexOf("<table id=\"" + tableId + "\">");
        return html.substring(start, html.indexOf("</table>", start));
    }
}
