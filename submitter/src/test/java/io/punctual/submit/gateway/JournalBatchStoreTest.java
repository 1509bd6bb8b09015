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
            assertThat(compacted.problems()).as("reported until acknowledged").hasSize(1);
            Files.delete(dir.resolve(StoreProblems.FILE));
            assertThat(compacted.problems()).as("acknowledged").isEmpty();
        }
        try (JournalBatchStore compacted = JournalBatchStore.open(dir)) {
            assertThat(compacted.problems()).as("the reopen rewrote the journal without the cut line").isEmpty();
        }
    }

    @Test
    void anyBytesAppendedAreReadTheBadLinesReportedByLineAndCauseWithoutTheirContents() throws IOException {
        try (JournalBatchStore store = JournalBatchStore.open(dir)) {
            store.createOnce("finance", "secret-key", id -> record(id, "secret-key"));
        }
        byte[] noise = new byte[4096];
        new java.util.Random(14).nextBytes(noise);
        Path journal = dir.resolve("batches.journal");
        Files.write(journal, new byte[] {'{', '"', (byte) 0xC3, '\n'}, StandardOpenOption.APPEND);
        Files.write(journal, noise, StandardOpenOption.APPEND);
        Files.writeString(journal, "\n{\"id\":7,\"team\":\"growth\",\"idempotencyKey\":\"their-key\"}\n",
                StandardOpenOption.APPEND);

        try (JournalBatchStore reopened = JournalBatchStore.open(dir)) {
            assertThat(reopened.all()).extracting(BatchRecord::id).containsExactly(0);
            assertThat(reopened.problems()).first().asString().contains("line 2").contains("not UTF-8 text");
            assertThat(String.join("\n", reopened.problems())).doesNotContain("growth").doesNotContain("their-key")
                    .doesNotContain("secret-key").doesNotContain("app.jar");
            assertThat(reopened.problems()).allSatisfy(p -> assertThat(p).contains("batches.journal.damaged-"));
        }
        try (var copies = Files.list(dir)) {
            Path copy = copies.filter(f -> f.getFileName().toString().startsWith("batches.journal.damaged-"))
                    .findFirst().orElseThrow();
            assertThat(Files.readAllBytes(copy)).as("the damaged bytes, kept").contains(noise[0]).hasSizeGreaterThan(4096);
        }
    }

    @Test
    void aLostLastRecordKeepsItsIdAndItsIdempotencyKey() throws IOException {
        try (JournalBatchStore store = JournalBatchStore.open(dir)) {
            store.createOnce("finance", null, id -> record(id, null));
            store.createOnce("finance", "k-lost", id -> record(id, "k-lost"));
        }
        Path journal = dir.resolve("batches.journal");
        String text = Files.readString(journal);
        Files.writeString(journal, text.substring(0, text.length() - 40));

        try (JournalBatchStore reopened = JournalBatchStore.open(dir)) {
            BatchRecord lost = reopened.get(1).orElseThrow();
            assertThat(lost.state()).isEqualTo(BatchState.DEAD);
            assertThat(lost.reason()).contains("lost");
            assertThat(reopened.createOnce("finance", "k-lost", id -> record(id, "k-lost")).isNew()).isFalse();
            assertThat(reopened.createOnce("finance", null, id -> record(id, null)).record().id()).isEqualTo(2);
            assertThat(reopened.problems()).anySatisfy(p -> assertThat(p).contains("batch 1 was lost"));
        }
        try (JournalBatchStore again = JournalBatchStore.open(dir)) {
            assertThat(again.get(1).orElseThrow().state()).isEqualTo(BatchState.DEAD);
            assertThat(again.createOnce("finance", null, id -> record(id, null)).record().id()).isEqualTo(3);
        }
    }

    /** A byte changed inside an older record, still valid JSON, would be read as if the gateway had written it. */
    @Test
    void aFlippedByteInsideAnOlderRecordIsReportedByItsChecksum() throws IOException {
        try (JournalBatchStore store = JournalBatchStore.open(dir)) {
            var first = store.createOnce("finance", null, id -> record(id, null)).record();
            store.createOnce("finance", null, id -> record(id, null));
            store.update(first.withState(BatchState.RUNNING, 5_000L));
        }
        Path journal = dir.resolve("batches.journal");
        List<String> lines = Files.readAllLines(journal, StandardCharsets.UTF_8);
        assertThat(lines.get(0)).contains("2000");
        lines.set(0, lines.get(0).replaceFirst("2000", "3000"));
        Files.write(journal, lines, StandardCharsets.UTF_8);

        try (JournalBatchStore reopened = JournalBatchStore.open(dir)) {
            assertThat(reopened.problems()).singleElement().asString().contains("batches.journal line 1")
                    .contains("checksum");
            assertThat(reopened.get(0).orElseThrow().state()).as("its later record stands").isEqualTo(BatchState.RUNNING);
            assertThat(reopened.get(1)).isPresent();
        }
    }

    /** A journal an older gateway wrote has no checksums: it is read as it is, and rewritten with them. */
    @Test
    void aJournalWithoutChecksumsIsReadAndRewrittenWithThem() throws IOException {
        byte[] legacy = StoredJson.bytes(record(0, "old-key"));
        Files.write(dir.resolve("batches.journal"), (new String(legacy, StandardCharsets.UTF_8) + "\n")
                .getBytes(StandardCharsets.UTF_8));
        Files.writeString(dir.resolve("batches.index"), "{\"id\":0,\"team\":\"finance\",\"idempotencyKey\":"
                + "\"old-key\"}\n");

        try (JournalBatchStore reopened = JournalBatchStore.open(dir)) {
            assertThat(reopened.problems()).isEmpty();
            assertThat(reopened.createOnce("finance", "old-key", id -> record(id, "old-key")).isNew()).isFalse();
        }
        String rewritten = Files.readString(dir.resolve("batches.journal"));
        Files.writeString(dir.resolve("batches.journal"), rewritten.replaceFirst("2000", "3000"));
        try (JournalBatchStore reopened = JournalBatchStore.open(dir)) {
            assertThat(reopened.problems()).anySatisfy(p -> assertThat(p).contains("checksum"));
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
