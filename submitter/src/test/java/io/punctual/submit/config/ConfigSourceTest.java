package io.punctual.submit.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigSourceTest {

    @TempDir
    Path tmp;

    /** A clock the test moves by hand. */
    private static final class ManualClock extends Clock {
        Instant now = Instant.parse("2026-01-05T09:00:00Z");

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    @Test
    void anInvalidReloadKeepsTheLastGoodConfigAndReportsWhyUntilAGoodOneArrives() {
        ConfDir conf = new ConfDir(tmp).teamFile("a.conf", ConfDir.team("a", "a", 10));
        ManualClock clock = new ManualClock();
        ConfigSource source = ConfigSource.open(tmp, Map.of(), clock);
        PunctualConfig first = source.current();
        assertThat(source.health().healthy()).isTrue();

        // a second team with a typo arrives: the reload is refused, team a still authenticates, b does not exist
        clock.now = clock.now.plus(Duration.ofMinutes(5));
        conf.teamFile("b.conf", ConfDir.team("b", "b", 10).replace("}\n", "  confidense = 0.9\n}\n"));
        ReloadOutcome refused = source.reload();
        assertThat(refused).isInstanceOf(ReloadOutcome.Kept.class);
        assertThat(((ReloadOutcome.Kept) refused).problems()).singleElement().asString().contains("confidense");
        assertThat(source.current()).isSameAs(first);
        assertThat(source.authenticate("Bearer a-0123456789abcdef")).map(TeamConfig::name).contains("a");
        assertThat(source.authenticate("Bearer b-0123456789abcdef")).isEmpty();
        ConfigSource.Health health = source.health();
        assertThat(health.healthy()).isFalse();
        assertThat(health.loadedAt()).isEqualTo(Instant.parse("2026-01-05T09:00:00Z"));
        assertThat(health.lastFailure().orElseThrow().at()).isEqualTo(Instant.parse("2026-01-05T09:05:00Z"));

        // the typo is fixed: the next reload applies and clears the failure
        clock.now = clock.now.plus(Duration.ofMinutes(5));
        conf.teamFile("b.conf", ConfDir.team("b", "b", 10));
        ReloadOutcome applied = source.reload();
        assertThat(applied).isInstanceOf(ReloadOutcome.Applied.class);
        assertThat(source.current().teams()).containsOnlyKeys("a", "b");
        assertThat(source.authenticate("Bearer b-0123456789abcdef")).map(TeamConfig::name).contains("b");
        assertThat(source.health().healthy()).isTrue();
        assertThat(source.health().loadedAt()).isEqualTo(Instant.parse("2026-01-05T09:10:00Z"));
    }

    @Test
    void aRemovedTeamStopsAuthenticatingAfterReload() {
        ConfDir conf = new ConfDir(tmp).teamFile("a.conf", ConfDir.team("a", "a", 10))
                .teamFile("b.conf", ConfDir.team("b", "b", 10));
        ConfigSource source = ConfigSource.open(tmp, Map.of(), Clock.systemUTC());
        assertThat(source.authenticate("Bearer b-0123456789abcdef")).isPresent();
        conf.write("teams/b.conf", "# team b left\npunctual {}\n");
        // an empty team file is not a removal: it is a file missing every required key
        assertThat(source.reload()).isInstanceOf(ReloadOutcome.Kept.class);
        tmp.resolve("teams/b.conf").toFile().delete();
        assertThat(source.reload()).isInstanceOf(ReloadOutcome.Applied.class);
        assertThat(source.authenticate("Bearer b-0123456789abcdef")).isEmpty();
    }

    @Test
    void startingOnAnInvalidDirectoryFailsWithEveryProblem() {
        new ConfDir(tmp).site("punctual.gateway.port = 0\n").teamFile("a.conf", "punctual.team.name = a\n");
        assertThatThrownBy(() -> ConfigSource.open(tmp, Map.of(), Clock.systemUTC()))
                .isInstanceOfSatisfying(InvalidConfigException.class, e -> {
                    assertThat(e.problems()).hasSize(3);
                    assertThat(e.getMessage()).startsWith("3 problems in the configuration")
                            .contains("punctual.gateway.port").contains("punctual.team.token")
                            .contains("punctual.team.queue.capacity");
                });
    }
}
