package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.Resources;
import io.punctual.sizing.bopf.QueueClass;
import io.punctual.submit.config.ConfigSource;
import io.punctual.submit.config.PunctualConfig;
import io.punctual.submit.learn.LearnedFiles;
import io.punctual.yarn.memory.ClusterLayout;
import io.punctual.yarn.memory.InMemoryClusterGateway;
import io.punctual.yarn.memory.ManualClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * BoPF admits queues in the order they arrive, with every team already there counted in N (issue 13, item 3). The
 * capacity is 10 vcores; team alpha's group bursts 7 vcores for 60 s every 120 s, so alpha·t = 420 against
 * C·T/(N+1) = 1200/(N+1): it is fair while at most one other queue is there (N = 1: 600) and not with two (400).
 */
class QueueArrivalsTest {

    private static final Resources CAPACITY = new Resources(10_240, 10);

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-26T09:00:00Z"));
    private final InMemoryClusterGateway cluster = new InMemoryClusterGateway(ClusterLayout.embedded(), clock);

    private void team(String name, boolean withGroup) throws IOException {
        String group = withGroup ? "  latency-sensitive { dashboards { period = 120s, on = 60s,"
                + " burst { vcores = 7, memory = 7g }, jobs = [\"dash.refresh\"] } }\n" : "";
        Files.writeString(Files.createDirectories(dir.resolve("conf/teams")).resolve(name + ".conf"),
                "punctual.team {\n  name = " + name + "\n  token = \"" + name + "-token-0000000001\"\n  queue { capacity = 10 }\n" + group + "}\n");
    }

    private Map<String, QueueClass> admit(QueueSetup setup) throws IOException {
        Files.writeString(dir.resolve("conf/site.conf"), "punctual {}\n");
        PunctualConfig config = ConfigSource.open(dir.resolve("conf"), Map.of(), Clock.systemUTC()).current();
        setup.admit(config, CAPACITY, "sla", clock.instant());
        return setup.classes().stream().collect(Collectors.toMap(c -> c.team() + "/" + c.group(),
                QueueSetup.GroupClass::queueClass));
    }

    private QueueSetup setup() {
        return new QueueSetup(Optional.empty(), cluster, new QueueArrivals(new LearnedFiles(dir.resolve("state"))));
    }

    @Test
    void teamsThatAreThereWhenAGroupArrivesCountInItsNAndNoTeamIsRejected() throws IOException {
        team("alpha", true);
        team("beta", false);

        Map<String, QueueClass> classes = admit(setup());

        // Judged after both teams (N = 2), the group is not fair to them, so it gets no guarantee; neither team is
        // turned away, as both were when every group was admitted before any team.
        assertThat(classes).containsEntry("alpha/dashboards", QueueClass.ELASTIC)
                .containsEntry("alpha/(batch)", QueueClass.ELASTIC).containsEntry("beta/(batch)", QueueClass.ELASTIC);
    }

    @Test
    void aGroupAdmittedHardStaysHardWhenATeamArrivesLaterAcrossARestart() throws IOException {
        team("alpha", true);
        assertThat(admit(setup())).containsEntry("alpha/dashboards", QueueClass.HARD);

        clock.advance(Duration.ofHours(1));
        team("beta", false);
        Map<String, QueueClass> after = admit(setup());

        assertThat(after).containsEntry("alpha/dashboards", QueueClass.HARD);
        // The newcomer cannot join without breaking the group's guarantee (safety, condition 1): it is the one refused.
        assertThat(after).containsEntry("beta/(batch)", QueueClass.REJECTED);
    }

    @Test
    void queuesFirstSeenTogetherAreOrderedTheSameWhateverOrderTheyAreListedIn() {
        var lq = io.punctual.sizing.bopf.QueueSpec.latencySensitive("a/g", new Resources(1024, 1), 10, 100, 0);
        var first = io.punctual.sizing.bopf.QueueSpec.throughput("zeta");
        var second = io.punctual.sizing.bopf.QueueSpec.throughput("alpha");
        Instant now = clock.instant();

        var one = new QueueArrivals(new LearnedFiles(dir.resolve("one")))
                .inArrivalOrder(java.util.List.of(lq, first, second), now);
        var other = new QueueArrivals(new LearnedFiles(dir.resolve("other")))
                .inArrivalOrder(java.util.List.of(second, lq, first), now);

        assertThat(one).containsExactly(second, first, lq).isEqualTo(other);
    }
}
