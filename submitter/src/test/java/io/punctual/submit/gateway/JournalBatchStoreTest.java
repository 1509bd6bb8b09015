package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JournalBatchStoreTest {

    @TempDir
    Path dir;

    private static BatchRecord record(int id, String key) {
        return BatchRecord.recorded(id, "finance", "gw-" + id, key, "n" + id, null, io.punctual.submit.request.SubmitArguments.parse(List.of("--class", "A", "--conf", "k=v", "app.jar", "x")),
                "finance/job", 1_000L, 2_000L, "sla", false);
    }

    @Test
    void everyRecordAndItsLatestStateSurviveAReopen() {
        try (JournalBatchStore store = JournalBatchStore.open(dir)) {
            var first = store.createOnce("finance", "k1", id -> record(id, "k1")).record();
            store.createOnce("finance", null, id -> record(id, null));
            store.update(first.withState(BatchState.RUNNING, 5_000L));
        }
        try (JournalBatchStore reopened = JournalBatchStore.open(dir)) {
            assertThat(reopened.all()).extracting(BatchRecord::id).containsExactly(0, 1);
            assertThat(reopened.get(0).orElseThrow().state()).isEqualTo(BatchState.RUNNING);
            // The request value itself is stored, options and conf in order, never a command line to parse back.
            assertThat(reopened.get(1).orElseThrow().request()).isEqualTo(io.punctual.submit.request.SubmitArguments
                    .parse(List.of("--class", "A", "--conf", "k=v", "app.jar", "x")));
            assertThat(reopened.createOnce("finance", "k1", id -> record(id, "k1")).isNew()).isFalse();
            assertThat(reopened.createOnce("finance", null, id -> record(id, null)).record().id()).isEqualTo(2);
            assertThat(reopened.problems()).isEmpty();
        }
    }

    @Test
    void aLineCutByACrashIsReportedAndTheRestIsKept() throws IOException {
        try (JournalBatchStore store = JournalBatchStore.open(dir)) {
            store.createOnce("finance", null, id -> record(id, null));
        }
        Files.writeString(dir.resolve("batches.journal"), "{\"id\":1,\"team\":\"fin", StandardCharsets.UTF_8,
                StandardOpenOption.APPEND);

        try (JournalBatchStore reopened = JournalBatchStore.open(dir)) {
            assertThat(reopened.all()).extracting(BatchRecord::id).containsExactly(0);
            assertThat(reopened.problems()).singleElement().asString().contains("damaged record");
        }
        try (JournalBatchStore compacted = JournalBatchStore.open(dir)) {
            assertThat(compacted.problems()).as("the reopen rewrote the journal without the cut line").isEmpty();
        }
    }

    @Test
    void concurrentSubmissionsWithTheSameKeyGetOneBatch() throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(32);
        try (JournalBatchStore store = JournalBatchStore.open(dir)) {
            List<Future<BatchStore.Created>> answers = new ArrayList<>();
            for (int i = 0; i < 400; i++) {
                String key = "key-" + (i % 100);
                answers.add(clients.submit(() -> store.createOnce("finance", key, id -> record(id, key))));
            }
            Set<Integer> ids = new HashSet<>();
            int created = 0;
            for (Future<BatchStore.Created> answer : answers) {
                ids.add(answer.get().record().id());
                created += answer.get().isNew() ? 1 : 0;
            }
            assertThat(ids).hasSize(100);
            assertThat(created).isEqualTo(100);
        } finally {
            clients.shutdown();
        }
        try (JournalBatchStore reopened = JournalBatchStore.open(dir)) {
            assertThat(reopened.all()).hasSize(100);
        }
    }
}
