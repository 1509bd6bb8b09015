package io.punctual.submit.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.punctual.sizing.JobKey;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** settingsFor against the example conf/: the values and origins a submission of each job gets. */
class SettingsForTest {

    private static final PunctualConfig EXAMPLE = ExampleConfTest.example();

    static Stream<Arguments> cases() {
        return Stream.of(
                // finance, its month-end job: job entry for confidence, executors and memory; team for cores
                arguments("finance", "ledger.month_end_close", Map.of(),
                        0.99, Level.JOB, 120, Level.JOB, 16_384L, Level.JOB, 4, Level.TEAM),
                // the request overrides the job entry
                arguments("finance", "ledger.month_end_close", Map.of("spark.deadline.confidence", "0.8",
                                "spark.executor.cores", "1"),
                        0.8, Level.REQUEST, 120, Level.JOB, 16_384L, Level.JOB, 1, Level.REQUEST),
                // a finance job without an entry: team defaults (8g = 8192 MiB)
                arguments("finance", "adhoc.query", Map.of(),
                        0.95, Level.TEAM, 60, Level.TEAM, 8192L, Level.TEAM, 4, Level.TEAM),
                // marketing sets no defaults: site values (4g, 2 cores, 40 executors, θ 0.9)
                arguments("marketing", "adhoc.query", Map.of(),
                        0.9, Level.SITE, 40, Level.SITE, 4096L, Level.SITE, 2, Level.SITE),
                arguments("marketing", "attribution.nightly", Map.of("spark.deadline.maxExecutors", "5"),
                        0.9, Level.JOB, 5, Level.REQUEST, 4096L, Level.SITE, 2, Level.SITE));
    }

    @ParameterizedTest(name = "{0}/{1} {2}")
    @MethodSource("cases")
    void eachSettingComesFromTheHighestLevelThatSetsIt(String team, String job, Map<String, String> request,
                                                      double confidence, Level confidenceFrom, int max, Level maxFrom,
                                                      long memory, Level memoryFrom, int cores, Level coresFrom) {
        Settings s = EXAMPLE.settingsFor(team, job, request);
        assertThat(s.confidence()).extracting(Sourced::value, Sourced::level).containsExactly(confidence, confidenceFrom);
        assertThat(s.maxExecutors()).extracting(Sourced::value, Sourced::level).containsExactly(max, maxFrom);
        assertThat(s.executorMemoryMb()).extracting(Sourced::value, Sourced::level).containsExactly(memory, memoryFrom);
        assertThat(s.executorCores()).extracting(Sourced::value, Sourced::level).containsExactly(cores, coresFrom);
    }

    @Test
    void sparkConfMergesSiteTeamJobAndRequestKeyByKey() throws IOException {
        Settings s = EXAMPLE.settingsFor(new JobKey("finance", "ledger.month_end_close"),
                Map.of("spark.sql.adaptive.enabled", "false"));
        assertThat(s.sparkProperties())
                .containsEntry("spark.sql.shuffle.partitions", "800")          // job entry over team's 200
                .containsEntry("spark.serializer", "org.apache.spark.serializer.KryoSerializer") // team
                .containsEntry("spark.yarn.maxAppAttempts", "1")               // site
                .containsEntry("spark.sql.adaptive.enabled", "false")          // request over site's true
                .containsEntry("spark.executor.memory", "16384m")
                .containsEntry("spark.executor.cores", "4");
        int line = lineOf("\"spark.sql.shuffle.partitions\" = 800");
        assertThat(s.sparkConf().get("spark.sql.shuffle.partitions").origin().location())
                .endsWith("teams/finance.conf:" + line + ": punctual.team.jobs.\"ledger.month_end_close\".spark-conf"
                        + ".\"spark.sql.shuffle.partitions\"");
    }

    @Test
    void explainSaysWhereEachValueCameFrom() throws IOException {
        Settings s = EXAMPLE.settingsFor("finance", "risk.intraday_var", Map.of());
        assertThat(s.explain()).contains("confidence = 0.99 from team job entry ("
                + ExampleConfTest.exampleDir().resolve("teams/finance.conf") + ":" + lineOf(" confidence = 0.99")
                + ": punctual.team.jobs"
                + ".\"risk.intraday_var\".confidence)");
        assertThat(s.explain()).anySatisfy(line -> assertThat(line).startsWith("spark.yarn.maxAppAttempts = 1 from site ("));
    }

    /** The 1-based line of the first line of finance.conf holding {@code text}, so the file can be edited freely. */
    private static int lineOf(String text) throws IOException {
        List<String> lines = Files.readAllLines(ExampleConfTest.exampleDir().resolve("teams/finance.conf"));
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i + 1;
            }
        }
        throw new AssertionError("finance.conf has no line with " + text);
    }

    @Test
    void aTeamWithoutAFileIsRefusedAndATeamlessRunGetsSiteSettings() {
        assertThatThrownBy(() -> EXAMPLE.settingsFor("sales", "x", Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("team 'sales' has no configuration file; known teams: finance, marketing");
        Settings s = EXAMPLE.siteSettings(Map.of());
        assertThat(s.confidence()).extracting(Sourced::value, Sourced::level).containsExactly(0.9, Level.SITE);
        assertThat(s.maxExecutors().value()).isEqualTo(40);
    }
}
