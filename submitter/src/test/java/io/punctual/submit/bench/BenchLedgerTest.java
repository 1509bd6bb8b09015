package io.punctual.submit.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a bench home keeps between weekly runs: the history weeks made, and how many weekly runs there were. */
class BenchLedgerTest {

    @TempDir
    Path home;

    private static HistoryRun run(String key, int week, boolean ok) {
        return new HistoryRun(key, week, week, week, "application_1_" + week, "2026-11-23T02:00:00Z",
                "2026-11-23T02:00:05Z", "2026-11-23T02:01:00Z", ok, 10, "/x", ok ? null : "dead");
    }

    @Test
    void aLaterWeeklyRunFindsTheHistoryAndCountsOnFromTheLastWeek() {
        BenchLedger first = BenchLedger.open(home);
        assertThat(first.startWeek("/r/w1", "2026-11-23T02:00:00Z")).isEqualTo(1);
        first.add(run("bench.demo.stages.tiny", 1, true));
        first.add(run("bench.demo.stages.tiny", 2, false));

        BenchLedger second = BenchLedger.open(home);

        assertThat(second.has("bench.demo.stages.tiny", 1)).isTrue();
        assertThat(second.has("bench.demo.stages.tiny", 2)).as("a failed week is run again").isFalse();
        assertThat(second.has("bench.demo.wordcount.tiny", 1)).isFalse();
        assertThat(second.history("bench.demo.stages.tiny")).hasSize(2);
        assertThat(second.startWeek("/r/w2", "2026-11-30T02:00:00Z")).isEqualTo(2);
        assertThat(BenchLedger.open(home).startWeek("/r/w3", "2026-12-07T02:00:00Z")).isEqualTo(3);
    }
}
