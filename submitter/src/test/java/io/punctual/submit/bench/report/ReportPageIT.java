package io.punctual.submit.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.punctual.submit.gateway.HeadlessChromium;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * report.html in a real headless Chromium, loaded from {@code file://}: every chart decodes to an image, the summary
 * table has a row per policy, and a job name written as markup shows as text without adding an element.
 */
class ReportPageIT {

    static Path dir;
    static HeadlessChromium browser;

    @BeforeAll
    static void start() throws Exception {
        Path chromium = HeadlessChromium.locate();
        Path work = Files.createDirectories(Path.of("target", "report-page-it").toAbsolutePath());
        dir = Files.createTempDirectory(work, "report-");
        ReportFixture.write(dir);
        ReportPageTest.withHostileRow(dir);
        BenchReport.write(dir);
        browser = HeadlessChromium.start(chromium, work);
        browser.navigate(dir.resolve(ReadReport.HTML).toUri().toString());
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void everyChartDecodesAndTheSummaryHasARowPerPolicy() throws Exception {
        browser.awaitTrue("[...document.images].every(i => i.complete)", java.time.Duration.ofSeconds(20));
        JsonNode images = browser.evaluateJson("[...document.images].map(i => ({w: i.naturalWidth, h: i.naturalHeight,"
                + " figure: i.closest('figure').id}))");
        assertThat(images).hasSize(6); // lateness, cost vs oracle, Pareto, capacity, weekly met, weekly cost
        images.forEach(i -> assertThat(i.get("w").asInt()).as(i.toString()).isEqualTo(900));
        images.forEach(i -> assertThat(i.get("h").asInt()).as(i.toString()).isEqualTo(500));
        assertThat(browser.evaluateJson("[...document.querySelectorAll('#summary tbody tr')].map(tr => "
                + "tr.dataset.policy)")).extracting(JsonNode::asText).containsExactly("static", "punctual");
        assertThat(browser.evaluateJson("[...document.querySelectorAll('#summary tbody tr')].map(tr => "
                + "tr.cells.length)")).extracting(JsonNode::asInt).containsOnly(browser.evaluate(
                "document.querySelectorAll('#summary thead th').length").asInt());
        assertThat(browser.evaluate("document.querySelector('#goal .verdict.missed').dataset.policy").asText())
                .isEqualTo("punctual");
        browser.screenshot(Path.of("target", "report-page.png").toAbsolutePath());
    }

    @Test
    void aJobNameWrittenAsMarkupIsShownAsText() throws Exception {
        assertThat(browser.evaluate("document.getElementById('pwned') === null && document.scripts.length === 0"
                + " && document.querySelectorAll('iframe').length === 0").asBoolean()).isTrue();
        JsonNode jobs = browser.evaluateJson("[...document.querySelectorAll('#jobs tbody tr')].map(tr => "
                + "[tr.cells[2].textContent, tr.cells[12].textContent])");
        assertThat(jobs).anySatisfy(row -> {
            assertThat(row.get(0).asText()).isEqualTo(ReportPageTest.HOSTILE_JOB);
            assertThat(row.get(1).asText()).isEqualTo(ReportPageTest.HOSTILE_REASON);
        });
        // every image in the page is one of the five charts: the hostile <img> never became an element
        assertThat(browser.evaluate("document.querySelectorAll('img:not(figure img)').length").asInt()).isZero();
    }
}
