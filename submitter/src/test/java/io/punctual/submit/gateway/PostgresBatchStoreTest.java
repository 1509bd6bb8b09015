package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.submit.request.SubmitArguments;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The shared store on a real PostgreSQL, as two gateways use it. */
class PostgresBatchStoreTest {

    @RegisterExtension
    static final LocalPostgres.PerClass postgres = new LocalPostgres.PerClass();

    private static BatchRecord record(int id, String team, String key) {
        return BatchRecord.recorded(id, team, "gw-" + id, key, "n" + id, null,
                SubmitArguments.parse(List.of("--class", "A", "--conf", "k=v", "app.jar", "x")), team + "/job",
                1_000L, 2_000L, "sla", false);
    }

    @Test
    void twoGatewaysShareIdsKeysAndRecordsAndEveryWriteOutlivesThem() {
        int first;
        try (PostgresBatchStore one = PostgresBatchStore.open(postgres.server().database());
             PostgresBatchStore two = PostgresBatchStore.open(postgres.server().database())) {
            first = one.createOnce("finance", "shared-key", id -> record(id, "finance", "shared-key")).record().id();
            var again = two.createOnce("finance", "shared-key", id -> record(id, "finance", "shared-key"));
            assertThat(again.isNew()).isFalse();
            assertThat(again.record().id()).isEqualTo(first);
            // The same key from another team is another batch: keys are per team.
            var other = two.createOnce("growth", "shared-key", id -> record(id, "growth", "shared-key"));
            assertThat(other.isNew()).isTrue();
            assertThat(other.record().id()).isNotEqualTo(first);
            two.update(one.get(first).orElseThrow().withState(BatchState.RUNNING, 5_000L));
            assertThat(one.get(first).orElseThrow().state()).isEqualTo(BatchState.RUNNING);
        }
        try (PostgresBatchStore reopened = PostgresBatchStore.open(postgres.server().database())) {
            assertThat(reopened.get(first).orElseThrow().state()).isEqualTo(BatchState.RUNNING);
            assertThat(reopened.get(first).orElseThrow().request()).isEqualTo(
                    SubmitArguments.parse(List.of("--class", "A", "--conf", "k=v", "app.jar", "x")));
            assertThat(reopened.problems()).isEmpty();
        }
    }

    @Test
    void theUnfinishedBatchesAreReadWithoutTheEndedOnes() {
        try (PostgresBatchStore store = PostgresBatchStore.open(postgres.server().database())) {
            var running = store.createOnce("finance", null, id -> record(id, "finance", null)).record();
            var ended = store.createOnce("finance", null, id -> record(id, "finance", null)).record();
            store.update(running.withState(BatchState.RUNNING, 3_000L));
            store.update(ended.withState(BatchState.SUCCESS, 3_000L));

            assertThat(store.unfinished()).extracting(BatchRecord::id).contains(running.id())
                    .doesNotContain(ended.id());
            assertThat(store.all()).extracting(BatchRecord::id).contains(running.id(), ended.id());
        }
    }

    @Test
    void concurrentSubmissionsWithOneKeyThroughTwoGatewaysGetOneBatch() throws Exception {
        try (PostgresBatchStore one = PostgresBatchStore.open(postgres.server().database());
             PostgresBatchStore two = PostgresBatchStore.open(postgres.server().database())) {
            ExecutorService callers = Executors.newFixedThreadPool(8);
            List<Future<BatchStore.Created>> calls = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                BatchStore via = i % 2 == 0 ? one : two;
                String key = "race-" + (i % 4);
                calls.add(callers.submit(() -> via.createOnce("finance", key, id -> record(id, "finance", key))));
            }
            Set<Integer> ids = new HashSet<>();
            int created = 0;
            for (Future<BatchStore.Created> call : calls) {
                ids.add(call.get().record().id());
                created += call.get().isNew() ? 1 : 0;
            }
            callers.shutdown();
            assertThat(ids).hasSize(4);
            assertThat(created).isEqualTo(4);
        }
    }

    @Test
    void aRowNoGatewayCanReadIsReportedAndTheOthersAreServed() throws Exception {
        try (PostgresBatchStore store = PostgresBatchStore.open(postgres.server().database())) {
            int good = store.createOnce("finance", null, id -> record(id, "finance", null)).record().id();
            int bad = store.createOnce("finance", null, id -> record(id, "finance", null)).record().id();
            try (Connection c = DriverManager.getConnection(postgres.server().url(), "punctual", "");
                 Statement s = c.createStatement()) {
                s.executeUpdate("UPDATE punctual_batches SET record = '{\"id\": \"not a number\"}' WHERE id = " + bad);
            }
            assertThat(store.all()).extracting(BatchRecord::id).contains(good).doesNotContain(bad);
            assertThat(store.problems()).singleElement().asString().contains("batch " + bad + " cannot be read");
            try (Connection c = DriverManager.getConnection(postgres.server().url(), "punctual", "");
                 Statement s = c.createStatement()) {
                s.executeUpdate("DELETE FROM punctual_batches WHERE id = " + bad);
            }
        }
    }

    @Test
    void aDatabaseThatGoesAwayFailsCallsWithStoreUnavailableAndNothingRecordedIsLost() throws Exception {
        try (PostgresBatchStore store = PostgresBatchStore.open(postgres.server().database())) {
            int kept = store.createOnce("finance", "before", id -> record(id, "finance", "before")).record().id();
            postgres.server().crash();
            try {
                long started = System.nanoTime();
                assertThatThrownBy(() -> store.createOnce("finance", "during", id -> record(id, "finance", "during")))
                        .isInstanceOf(StoreUnavailable.class).hasMessageContaining("retry when the database is back");
                assertThatThrownBy(() -> store.get(kept)).isInstanceOf(StoreUnavailable.class);
                // Fails within the connect timeout (1 s here) and a retry, not after TCP's minutes.
                assertThat((System.nanoTime() - started) / 1_000_000).isLessThan(15_000);
            } finally {
                postgres.server().startAgain();
            }
            // The pool reconnects on its own (its retries back off up to a few seconds while the server is down).
            assertThat(eventually(() -> store.get(kept))).isPresent();
            assertThat(store.createOnce("finance", "after", id -> record(id, "finance", "after")).isNew()).isTrue();
        }
    }

    /** The call's answer once the store answers again, as a client retrying on 503 would get it. */
    private static <T> T eventually(java.util.function.Supplier<T> call) throws InterruptedException {
        long giveUp = System.nanoTime() + 20_000_000_000L;
        while (true) {
            try {
                return call.get();
            } catch (StoreUnavailable notYet) {
                if (System.nanoTime() > giveUp) {
                    throw notYet;
                }
                Thread.sleep(200);
            }
        }
    }

    @Test
    void exactlyOneGatewayLeadsAndTheLeadMovesWhenItsHolderDies() throws Exception {
        try (PostgresLease one = new PostgresLease(postgres.server().database(), Duration.ofMinutes(1));
             PostgresLease two = new PostgresLease(postgres.server().database(), Duration.ofMinutes(1))) {
            assertThat(one.held()).isTrue();
            assertThat(two.held()).isFalse();
            assertThat(one.held()).isTrue();
            // The holder's session ends as it would when its process dies: PostgreSQL frees the lock.
            endLeaseSession();
            // The backend ends a moment after it is told to; a gateway asks again every poll-interval.
            assertThat(leadsWithin(two, Duration.ofSeconds(10))).isTrue();
            assertThat(one.held()).isFalse();
        }
    }

    /**
     * A lead that is alive but silent (a SIGSTOP, a long GC) sends nothing; its socket still answers, so only the
     * server's idle timeout ends its session. The other gateway then leads, and the silent one learns it when it wakes.
     */
    @Test
    void aLeadSilentLongerThanItsLeaseLosesItToTheOtherGateway() throws Exception {
        try (PostgresLease silent = new PostgresLease(postgres.server().database(), Duration.ofSeconds(2));
             PostgresLease other = new PostgresLease(postgres.server().database(), Duration.ofSeconds(2))) {
            assertThat(silent.held()).isTrue();
            assertThat(other.held()).isFalse();
            assertThat(leadsWithin(other, Duration.ofSeconds(15))).as("taken over from the silent lead").isTrue();
            assertThat(silent.held()).as("the silent lead, awake").isFalse();
            assertThat(other.epoch()).isGreaterThan(silent.epoch());
        }
    }

    /**
     * A lead that lost its session without noticing (paused past it) keeps its old epoch; the gateway that took the
     * lead counted a new one, so the old lead's launch record is refused and nothing of it is written.
     */
    @Test
    void aLaunchRecordFromALeadThatLostTheLeadUnawaresIsRefusedAndTheNewLeadsPasses() throws Exception {
        try (PostgresBatchStore store = PostgresBatchStore.open(postgres.server().database());
             PostgresLease one = new PostgresLease(postgres.server().database(), Duration.ofMinutes(1));
             PostgresLease two = new PostgresLease(postgres.server().database(), Duration.ofMinutes(1))) {
            var batch = store.createOnce("finance", null, id -> record(id, "finance", null)).record();
            assertThat(one.held()).isTrue();
            long first = one.epoch();
            store.updateAsLead(batch.withState(BatchState.STARTING, 3_000L), first);
            assertThat(store.get(batch.id()).orElseThrow().state()).isEqualTo(BatchState.STARTING);

            endLeaseSession();
            assertThat(leadsWithin(two, Duration.ofSeconds(10))).isTrue();
            assertThat(two.epoch()).isGreaterThan(first);

            assertThatThrownBy(() -> store.updateAsLead(batch.withState(BatchState.RUNNING, 4_000L), first))
                    .isInstanceOf(LeadLost.class).hasMessageContaining("epoch " + first)
                    .hasMessageContaining("epoch " + two.epoch());
            assertThat(store.get(batch.id()).orElseThrow().state()).isEqualTo(BatchState.STARTING);
            store.updateAsLead(batch.withState(BatchState.RUNNING, 4_000L), two.epoch());
            assertThat(store.get(batch.id()).orElseThrow().state()).isEqualTo(BatchState.RUNNING);
            // The old lead still believes it holds the epoch it had: that is what it would write with.
            assertThat(one.epoch()).isEqualTo(first);
        }
    }

    /** Ends the session holding the lead's lock, as PostgreSQL does when that gateway's connection is gone. */
    private static void endLeaseSession() throws SQLException {
        try (Connection c = DriverManager.getConnection(postgres.server().url(), "punctual", "");
             Statement s = c.createStatement()) {
            s.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    + " WHERE application_name = 'punctual-gateway-lease' AND pid IN"
                    + " (SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted)");
        }
    }

    /** Asks for the lead as a gateway does every poll-interval, until it is held or {@code within} has passed. */
    private static boolean leadsWithin(PostgresLease lease, Duration within) throws InterruptedException {
        long giveUp = System.nanoTime() + within.toNanos();
        while (!lease.held() && System.nanoTime() < giveUp) {
            Thread.sleep(100);
        }
        return lease.held();
    }
}
