package io.punctual.submit.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.Resources;
import io.punctual.sizing.justice.ErrorSmoothing;
import io.punctual.sizing.rayon.plan.CapacityOverTimePolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The repository's own conf/ directory must load, and must mean what its comments say. */
class ExampleConfTest {

    static Path exampleDir() {
        return Path.of(System.getProperty("punctual.install")).resolve("conf");
    }

    static PunctualConfig example() {
        LoadResult result = ConfigLoader.load(exampleDir(), Map.of());
        assertThat(result).as("conf/ must be valid: %s", result).isInstanceOf(LoadResult.Loaded.class);
        return ((LoadResult.Loaded) result).config();
    }

    @Test
    void theExampleDirectoryIsValidWithTwoTeamsAndNoWarnings() {
        PunctualConfig config = example();
        assertThat(config.teams()).containsOnlyKeys("finance", "marketing");
        assertThat(config.warnings()).isEmpty();
    }

    @Test
    void siteFileOverridesReferenceAndTheRestKeepsItsDefaults() {
        SiteConfig site = example().site();
        // set in conf/site.conf
        assertThat(site.gateway().host()).isEqualTo("0.0.0.0");
        assertThat(site.gateway().launchConcurrency()).isEqualTo(16);
        assertThat(site.sizing().klRadius()).isEqualTo(0.5);
        assertThat(site.history().eventLogDir()).isEqualTo("hdfs:///spark-history");
        // left at reference.conf's values
        assertThat(site.gateway().port()).isEqualTo(8998);
        assertThat(site.gateway().pollInterval()).isEqualTo(Duration.ofSeconds(2));
        assertThat(site.sizing().minGoodRuns()).isEqualTo(3);
        assertThat(site.sizing().errorSmoothing()).isEqualTo(new ErrorSmoothing.Exponential(0.3));
        assertThat(site.sizing().killAboveTasks()).isEqualTo(1000);
        assertThat(site.cluster()).isEqualTo(new SiteConfig.Cluster("sla", "adhoc"));
    }

    @Test
    void financeIsReadCompletely() {
        TeamConfig finance = example().team("finance").orElseThrow();
        assertThat(finance.queue()).isEqualTo(new TeamConfig.Queue("finance", 30, 60));
        assertThat(finance.queue().capacity()).isEqualTo(0.30);
        assertThat(finance.sharingPolicy().orElseThrow().toPolicy())
                .isEqualTo(new CapacityOverTimePolicy(0.5, 0.3, 86_400));
        TeamConfig.LatencyGroup risk = finance.latencySensitive().get(0);
        assertThat(risk.name()).isEqualTo("intraday-risk");
        assertThat(risk.period()).isEqualTo(Duration.ofHours(1));
        assertThat(risk.on()).isEqualTo(Duration.ofMinutes(10));
        // 192g = 192 × 1024 MiB
        assertThat(risk.burst()).isEqualTo(Resources.of(48, 196_608));
        assertThat(finance.groupOf("risk.intraday_pnl")).contains(risk);
        assertThat(finance.groupOf("ledger.month_end_close")).isEmpty();
        assertThat(finance.jobs()).containsOnlyKeys("risk.intraday_var", "ledger.month_end_close");
        assertThat(finance.file()).endsWith("teams/finance.conf");
    }

    @Test
    void quotedSparkKeysStaySingleKeysAtEveryLevel() {
        TeamConfig finance = example().team("finance").orElseThrow();
        assertThat(finance.defaults().sparkConf()).containsOnlyKeys("spark.sql.shuffle.partitions", "spark.serializer");
        assertThat(finance.defaults().sparkConf().get("spark.sql.shuffle.partitions").value()).isEqualTo("200");
        assertThat(finance.jobEntry("ledger.month_end_close").sparkConf()).containsOnlyKeys("spark.sql.shuffle.partitions");
        TeamConfig marketing = example().team("marketing").orElseThrow();
        assertThat(marketing.jobEntry("attribution.nightly").sparkConf().get("spark.sql.autoBroadcastJoinThreshold")
                .value()).isEqualTo("64m");
    }

    @Test
    void aQueueNameDefaultsToTheTeamName() {
        assertThat(example().team("marketing").orElseThrow().queue().name()).isEqualTo("marketing");
    }

    @Test
    void eachExampleTokenAuthenticatesItsOwnTeamOnly() {
        PunctualConfig config = example();
        assertThat(config.authenticate("Bearer finance-example-token-0001")).map(TeamConfig::name).contains("finance");
        assertThat(config.authenticate("bearer marketing-example-token-0002")).map(TeamConfig::name)
                .contains("marketing");
        assertThat(config.authenticate("Bearer finance-example-token-0002")).isEmpty();
        assertThat(config.authenticate("Basic finance-example-token-0001")).isEmpty();
        assertThat(config.authenticate(null)).isEmpty();
    }

    @Test
    void anEnvironmentVariableReplacesTheExampleToken() {
        LoadResult result = ConfigLoader.load(exampleDir(), Map.of("PUNCTUAL_FINANCE_TOKEN", "from-the-environment-42"));
        PunctualConfig config = ((LoadResult.Loaded) result).config();
        assertThat(config.teamForToken("from-the-environment-42")).map(TeamConfig::name).contains("finance");
        assertThat(config.teamForToken("finance-example-token-0001")).isEmpty();
    }

    @Test
    void tokensNeverPrint() {
        TeamConfig finance = example().team("finance").orElseThrow();
        assertThat(finance.toString()).doesNotContain("finance-example-token-0001").contains("redacted");
    }

    @Test
    void anEmptySiteFileLeavesEveryReferenceDefaultAndReportsNoUnknownKey(@TempDir Path tmp) {
        // reference.conf must hold only keys that something reads: loading it alone finds no unknown key.
        PunctualConfig config = new ConfDir(tmp).teamFile("a.conf", ConfDir.team("a", "a", 10)).valid();
        assertThat(config.site().gateway().host()).isEqualTo("127.0.0.1");
        assertThat(config.site().sizing().defaultConfidence()).isEqualTo(0.9);
        Settings settings = config.settingsFor("a", "any.job", Map.of());
        assertThat(settings.executorMemoryMb().value()).isEqualTo(2048);
        assertThat(settings.executorMemoryMb().level()).isEqualTo(Level.REFERENCE);
        assertThat(settings.executorMemoryMb().origin().location()).startsWith("reference.conf:");
        assertThat(settings.sparkConf()).isEmpty();
    }
}
