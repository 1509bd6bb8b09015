package io.punctual.yarn.queues;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Random sequences of create / resize / remove against the fake scheduler: whatever happens, root's children sum to
 * exactly 100 percent, the best-effort queue keeps its floor, the scheduler never refuses what the planner computed,
 * and a refused request changes nothing. Seeded; the
 * seed is in every failure message.
 */
class TeamQueuesRandomTest {

    private static final List<String> TEAMS = List.of("a", "b", "c", "d", "e");

    @ParameterizedTest
    @ValueSource(longs = {1L, 7L, 42L, 2024L, 90210L})
    void theTreeStaysValidAndRefusalsChangeNothing(long seed) {
        Random random = new Random(seed);
        var scheduler = InMemorySchedulerConfiguration.embeddedLike();
        Map<QueuePath, Integer> busy = new HashMap<>();
        TeamQueues teams = new DonorTeamQueues(scheduler, TeamQueueLayout.underRoot("adhoc"),
                queue -> busy.getOrDefault(queue, 0));

        for (int step = 0; step < 300; step++) {
            String team = TEAMS.get(random.nextInt(TEAMS.size()));
            SchedulerConf before = scheduler.read();
            String where = "seed " + seed + ", step " + step + ", team " + team;
            TeamQueueOutcome outcome;
            if (random.nextInt(3) == 0) {
                busy.put(QueuePath.of("root.team-" + team), random.nextInt(2));
                outcome = teams.remove(team);
            } else {
                double capacity = (1 + random.nextInt(1500)) / 10_000.0;
                double maximum = capacity + random.nextDouble() * (1 - capacity);
                TeamQueueSpec spec = new TeamQueueSpec(team, capacity, maximum, random.nextInt(3));
                outcome = teams.ensure(spec);
                if (outcome instanceof TeamQueueOutcome.Ready ready) {
                    assertThat(ready.queue().capacity()).as(where).isCloseTo(capacity, org.assertj.core.data.Offset.offset(0.00005));
                    assertThat(teams.find(team)).as(where).contains(ready.queue());
                }
            }
            if (outcome instanceof TeamQueueOutcome.Refused refused) {
                assertThat(scheduler.read()).as(where).isEqualTo(before);
                // Punctual's arithmetic never hands the scheduler a tree it refuses: only lending limits and busy
                // queues stop a request.
                assertThat(refused.reason()).as(where).containsAnyOf("can only lend", "application(s)");
            }
            SchedulerConf now = scheduler.read();
            BigDecimal sum = now.children(QueuePath.ROOT).stream()
                    .map(child -> now.capacityPercent(QueuePath.ROOT.child(child)).orElse(BigDecimal.ZERO))
                    .reduce(BigDecimal.ZERO, BigDecimal::add);
            assertThat(sum).as(where).isEqualByComparingTo("100");
            assertThat(now.capacityPercent(QueuePath.of("root.adhoc")).orElseThrow()).as(where)
                    .isGreaterThanOrEqualTo(BigDecimal.ONE);
        }
    }
}
