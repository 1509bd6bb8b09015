package io.punctual.yarn.queues;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.punctual.sizing.Resources;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.AppState;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.TestCluster;
import io.punctual.yarn.QueueSnapshot;
import io.punctual.yarn.ReservationOutcome;
import io.punctual.yarn.ReservationSpec;
import io.punctual.yarn.StageRequest;
import io.punctual.yarn.hadoop.YarnGateways;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Team queues through the real scheduler configuration API of an embedded ResourceManager (one cluster for the
 * class: sla 70 reservable, adhoc 30, 2 NodeManagers of 8 GiB / 8 vcores). After each test the configuration is
 * exactly what the cluster started with.
 */
class TeamQueuesIT {

    private static final Offset<Double> SAME = Offset.offset(1e-6);

    @RegisterExtension
    static final TestCluster cluster = TestCluster.perClass("team-queues-it").expectingNoReservationsLeftIn("sla");
    static SchedulerConfiguration scheduler;
    static TeamQueues teams;
    static SchedulerConf original;

    @BeforeAll
    static void start() {
        scheduler = SchedulerConfRest.at(cluster.yarn().resourceManagerWebAddress(), "punctual");
        teams = new DonorTeamQueues(scheduler, TeamQueueLayout.underRoot("adhoc"), QueueOccupancy.of(gateway()));
        original = scheduler.read();
    }

    private static ClusterGateway gateway() {
        return cluster.gateway();
    }

    @AfterEach
    void nothingIsLeftBehind() {
        teams.list().forEach(team -> assertThat(teams.remove(team.team())).isInstanceOf(TeamQueueOutcome.Removed.class));
        assertThat(scheduler.read()).isEqualTo(original);
    }

    @Test
    void anHaPairWhoseFirstResourceManagerIsDownIsReachedThroughTheSecondForQueuesAndForEveryGatewayCall(
            @TempDir Path confDir) throws Exception {
        int down;
        try (ServerSocket socket = new ServerSocket(0)) {
            down = socket.getLocalPort();
        }
        // A client's yarn-site.xml for an HA pair as YARN's own clients read it: rm1 is gone, rm2 is this cluster.
        Files.writeString(confDir.resolve("yarn-site.xml"), """
                <configuration>
                  <property><name>yarn.resourcemanager.ha.enabled</name><value>true</value></property>
                  <property><name>yarn.resourcemanager.ha.rm-ids</name><value>rm1,rm2</value></property>
                  <property><name>yarn.resourcemanager.address.rm1</name><value>127.0.0.1:%d</value></property>
                  <property><name>yarn.resourcemanager.webapp.address.rm1</name><value>127.0.0.1:%d</value></property>
                  <property><name>yarn.resourcemanager.address.rm2</name><value>%s</value></property>
                  <property><name>yarn.resourcemanager.webapp.address.rm2</name><value>%s</value></property>
                </configuration>
                """.formatted(down, down, cluster.yarn().resourceManagerAddress(),
                cluster.yarn().resourceManagerWebAddress()));

        assertThat(YarnGateways.schedulerConfiguration(confDir, "punctual").read()).isEqualTo(original);
        try (ClusterGateway ha = YarnGateways.fromConfDir(confDir, Clock.systemUTC())) {
            assertThat(ha.snapshot().queue("adhoc")).isPresent();
            assertThat(ha.reservations("sla")).isEmpty();
        }
    }

    @Test
    void aTeamQueueIsCreatedResizedAndRemovedAndTheResourceManagerSeesWhatPunctualReports() throws Exception {
        var created = teams.ensure(new TeamQueueSpec("etl", 0.10, 0.50, 2));

        assertThat(created).isInstanceOf(TeamQueueOutcome.Ready.class);
        TeamQueue etl = ((TeamQueueOutcome.Ready) created).queue();
        assertThat(etl).isEqualTo(new TeamQueue("etl", QueuePath.of("root.team-etl"), 0.10, 0.50, 2, true));
        QueueSnapshot seen = gateway().snapshot().queue("team-etl").orElseThrow();
        assertThat(seen.parent()).isEqualTo("root");
        assertThat(seen.capacity()).isCloseTo(etl.capacity(), SAME);
        assertThat(seen.maximumCapacity()).isCloseTo(etl.maximumCapacity(), SAME);
        // 10 % of the 16 GiB cluster, as the scheduler rounds it: floor(16384 * 0.10) = 1638 MiB.
        assertThat(seen.guaranteed().memoryMb()).isEqualTo(1638);
        // adhoc lent it: 30 - 10 = 20 %.
        assertThat(gateway().snapshot().queue("adhoc").orElseThrow().capacity()).isCloseTo(0.20, SAME);
        JsonNode rest = schedulerQueue("team-etl");
        assertThat(rest.path("capacity").asDouble()).isEqualTo(10.0);
        assertThat(rest.path("maxCapacity").asDouble()).isEqualTo(50.0);
        assertThat(rest.path("priority").asInt()).isEqualTo(2);

        var resized = teams.ensure(new TeamQueueSpec("etl", 0.25, 0.50, 2));

        assertThat(((TeamQueueOutcome.Ready) resized).queue().capacity()).isEqualTo(0.25);
        assertThat(gateway().snapshot().queue("team-etl").orElseThrow().capacity()).isCloseTo(0.25, SAME);
        assertThat(gateway().snapshot().queue("adhoc").orElseThrow().capacity()).isCloseTo(0.05, SAME);
        assertThat(schedulerQueue("team-etl").path("capacity").asDouble()).isEqualTo(25.0);
        assertThat(teams.ensure(new TeamQueueSpec("etl", 0.25, 0.50, 2)))
                .isEqualTo(new TeamQueueOutcome.Ready(((TeamQueueOutcome.Ready) resized).queue(), false));

        assertThat(teams.remove("etl")).isEqualTo(new TeamQueueOutcome.Removed("etl", true));
        assertThat(gateway().snapshot().queue("team-etl")).isEmpty();
        assertThat(gateway().snapshot().queue("adhoc").orElseThrow().capacity()).isCloseTo(0.30, SAME);
    }

    @Test
    void changesTheSchedulerRefusesGiveItsReasonAndLeaveTheConfigurationExactlyAsItWas() {
        SchedulerConf before = scheduler.read();

        // Siblings summing to 105 %: YARN's dry run says no.
        var overfull = scheduler.apply(QueueChange.builder()
                .update(QueuePath.of("root.adhoc"), Map.of("capacity", "35")).build());
        assertThat(overfull).isInstanceOf(QueueChangeOutcome.Refused.class);
        assertThat(((QueueChangeOutcome.Refused) overfull).stage()).isEqualTo(QueueChangeOutcome.Stage.VALIDATE);
        assertThat(((QueueChangeOutcome.Refused) overfull).reason()).contains("Illegal capacity of 1.05");
        assertThat(scheduler.read()).isEqualTo(before);

        // An unknown parent: YARN 3.3.4 would accept it and write keys no queue reads; Punctual's check refuses.
        var orphan = scheduler.apply(QueueChange.builder()
                .add(QueuePath.of("root.nope.etl"), Map.of("capacity", "100")).build());
        assertThat(orphan).isEqualTo(new QueueChangeOutcome.Refused(QueueChangeOutcome.Stage.CHECK,
                "cannot add queue root.nope.etl: its parent root.nope is not in the queue tree (known: sla, adhoc under root)"));
        assertThat(scheduler.read()).isEqualTo(before);

        // YARN 3.3 has no queue weights: the 3.4 syntax "2w" is not a capacity here.
        var weight = scheduler.apply(QueueChange.builder()
                .update(QueuePath.of("root.adhoc"), Map.of("capacity", "2w")).build());
        assertThat(((QueueChangeOutcome.Refused) weight).reason()).contains("2w");
        assertThat(scheduler.read()).isEqualTo(before);

        // More than the best-effort queue can lend: refused by Punctual before anything is sent.
        var tooBig = teams.ensure(TeamQueueSpec.of("huge", 0.40));
        assertThat(((TeamQueueOutcome.Refused) tooBig).reason()).contains("can only lend 29%");
        assertThat(scheduler.read()).isEqualTo(before);
    }

    @Test
    void aMutationTheDryRunLetsThroughButTheSchedulerRefusesIsRolledBack() {
        teams.ensure(TeamQueueSpec.of("etl", 0.10));
        SchedulerConf withTeam = scheduler.read();

        // Removing a RUNNING queue: the dry run validates against the scheduler's initial queues (which never had
        // this one), so only the real mutation notices, and YARN rolls it back.
        var outcome = scheduler.apply(QueueChange.builder().remove(QueuePath.of("root.team-etl"))
                .update(QueuePath.of("root.adhoc"), Map.of("capacity", "30")).build());

        assertThat(outcome).isInstanceOf(QueueChangeOutcome.Refused.class);
        assertThat(((QueueChangeOutcome.Refused) outcome).stage()).isEqualTo(QueueChangeOutcome.Stage.APPLY);
        assertThat(((QueueChangeOutcome.Refused) outcome).reason()).contains("not yet in stopped state");
        assertThat(scheduler.read()).isEqualTo(withTeam);
        assertThat(gateway().snapshot().queue("team-etl")).isPresent();
    }

    @Test
    void reservationsStillGetTheirQueueAfterTheQueueTreeChanged() {
        teams.ensure(TeamQueueSpec.of("etl", 0.10));
        Instant now = Instant.now();
        var spec = ReservationSpec.single("sla", "after-change", now, now.plus(Duration.ofMinutes(3)),
                StageRequest.gang(Resources.of(1, 1024), 2, Duration.ofMinutes(3)));

        var placed = (ReservationOutcome.Reserved) gateway().reserve(spec);
        try {
            QueueSnapshot queue = gateway().awaitReservationQueue("sla", placed.id(), Duration.ofSeconds(30));
            assertThat(queue.name()).isEqualTo(placed.id().queueName());
            assertThat(gateway().snapshot().queue(placed.id().queueName()).orElseThrow().guaranteed())
                    .isEqualTo(Resources.of(2, 2048));
        } finally {
            assertThat(gateway().release(placed.id())).isTrue();
        }
    }

    @Test
    void afterTheQueueTreeChangedYarnKillsWhatOutlivesItsReservationUnlessItLeftFirst() throws Exception {
        // The fault leaveReservation works around: Hadoop 3.3's plan follower cannot find the plan's default queue
        // once the queues were reinitialised, so its move on expiry fails and it kills the application.
        teams.ensure(TeamQueueSpec.of("etl", 0.10));
        Instant now = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        var spec = ReservationSpec.single("sla", "outlived", now, now.plusSeconds(30),
                StageRequest.gang(Resources.of(1, 1024), 2, Duration.ofSeconds(30)));
        var placed = ((ReservationOutcome.Reserved) gateway().reserve(spec)).reservation();
        try {
            String queue = gateway().awaitReservationQueue("sla", placed.id(), Duration.ofSeconds(30)).name();
            AppId stays = cluster.startSleeper(queue, java.util.Set.of("outlives-stays"));
            AppId leaves = cluster.startSleeper(queue, java.util.Set.of("outlives-leaves"));

            String moved = gateway().leaveReservation(leaves, "team-etl");

            assertThat(moved).isEqualTo("team-etl");
            Instant giveUp = placed.end().orElseThrow().plusSeconds(30);
            while (!gateway().application(stays).orElseThrow().state().isFinal() && Instant.now().isBefore(giveUp)) {
                Thread.sleep(500);
            }
            assertThat(gateway().application(stays).orElseThrow().state()).isEqualTo(AppState.KILLED);
            Thread.sleep(10_000); // ten more plan-follower steps, each of which kills what it finds in root.sla-default
            AppReport left = gateway().application(leaves).orElseThrow();
            assertThat(left.state().isFinal()).as("%s after its reservation ended", left.state()).isFalse();
            assertThat(left.queue()).isEqualTo("team-etl");
            // Unlike the plan's default queue a client can still reach after the change (one the scheduler lists nowhere
            // and never gives containers), the team's queue is a real one, holding the application.
            QueueSnapshot team = gateway().snapshot().queue("team-etl").orElseThrow();
            assertThat(team.runningApps() + team.pendingApps()).isEqualTo(1);
            assertThat(gateway().snapshot().queue("sla-default")).isEmpty();
        } finally {
            gateway().applicationsTagged("outlives-leaves").forEach(a -> gateway().kill(a.id(), "test over"));
            gateway().release(placed.id());
        }
    }

    /** The queue as {@code GET /ws/v1/cluster/scheduler} shows it: the RM's own view, read independently. */
    private static JsonNode schedulerQueue(String name) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://" + cluster.yarn().resourceManagerWebAddress() + "/ws/v1/cluster/scheduler"))
                .header("Accept", "application/json").build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return find(new ObjectMapper().readTree(response.body()).path("schedulerInfo"), name)
                .orElseThrow(() -> new AssertionError("queue " + name + " not in GET /ws/v1/cluster/scheduler"));
    }

    private static Optional<JsonNode> find(JsonNode parent, String name) {
        JsonNode queues = parent.path("queues");
        for (JsonNode queue : queues.has("queueInfoList") ? queues.get("queueInfoList") : queues.path("queue")) {
            if (queue.path("queueName").asText().equals(name)) {
                return Optional.of(queue);
            }
            Optional<JsonNode> below = find(queue, name);
            if (below.isPresent()) {
                return below;
            }
        }
        return Optional.empty();
    }
}
