package io.punctual.submit.gateway;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.IntFunction;

/**
 * The embedded {@link BatchStore}: an append-only journal of batch records, one JSON line per change, with group
 * commit. Writers hand their record to one journal thread, which appends everything waiting and forces the file to
 * disk once for all of them; a writer returns when its line is on disk. A burst of submissions therefore costs a few
 * flushes, not one each.
 *
 * <p>Beside the journal, an index holds one line per batch created (id, team, idempotency key), written and forced
 * before the batch's first record: it is the high-water mark of ids, and the memory of a batch whose record is lost.
 * Every line carries its checksum ({@link JournalLines}), so damage anywhere in either file is found, not only a torn
 * end. Opening reads both whatever their bytes (a damaged line is skipped and reported by line and cause), copies a
 * damaged file aside, keeps a lost batch as a dead record so neither its id nor its key is given out again, records
 * the problems until an operator acknowledges them, and rewrites both files compacted, atomically.
 */
public final class JournalBatchStore implements BatchStore, AutoCloseable {

    private static final ObjectMapper JSON = StoredJson.MAPPER;
    private static final String JOURNAL = "batches.journal";
    private static final String INDEX = "batches.index";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS'Z'")
            .withZone(ZoneOffset.UTC);

    /** A batch as the index knows it: enough to keep its id and key when its record is lost. */
    record IndexEntry(int id, String team, String idempotencyKey) {
    }

    private record Append(BatchRecord record, boolean created, CompletableFuture<Void> done) {
    }

    private final Path file;
    private final Path indexFile;
    private final FileChannel channel;
    private final FileChannel indexChannel;
    private final Map<Integer, BatchRecord> byId = new ConcurrentHashMap<>();
    private final Map<String, Integer> byKey = new HashMap<>();
    private final Map<Integer, CompletableFuture<Void>> pending = new ConcurrentHashMap<>();
    private final StoreProblems problems;
    private final BlockingQueue<Append> queue = new LinkedBlockingQueue<>();
    private final Thread writer;
    private int nextId;

    private JournalBatchStore(Path dir) throws IOException {
        this.file = dir.resolve(JOURNAL);
        this.indexFile = dir.resolve(INDEX);
        this.problems = new StoreProblems(dir);
        problems.add(replay());
        compact(dir, file, all().stream().map(JournalBatchStore::line).toList());
        compact(dir, indexFile, all().stream().map(r -> indexLine(r)).toList());
        this.channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        this.indexChannel = FileChannel.open(indexFile, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        this.writer = new Thread(this::writeLoop, "punctual-journal");
        writer.setDaemon(true);
        writer.start();
    }

    public static JournalBatchStore open(Path dir) {
        try {
            Files.createDirectories(dir);
            return new JournalBatchStore(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the batch journal in " + dir, e);
        }
    }

    /** Loads what both files hold; returns the problems found, each naming the copy of the damaged file. */
    private List<String> replay() throws IOException {
        JournalLines.Read<BatchRecord> records = JournalLines.read(file, BatchRecord.class, JSON);
        JournalLines.Read<IndexEntry> entries = JournalLines.read(indexFile, IndexEntry.class, JSON);
        records.items().forEach(this::index);
        List<String> found = new ArrayList<>(keptAside(file, records.problems()));
        found.addAll(keptAside(indexFile, entries.problems()));
        long now = System.currentTimeMillis();
        for (IndexEntry entry : entries.items()) {
            if (!byId.containsKey(entry.id())) {
                index(BatchRecord.lost(entry.id(), entry.team(), entry.idempotencyKey(), now));
                found.add("batch " + entry.id() + " was lost from the journal: it is kept as dead, so its id and its"
                        + " idempotency key are not given out again");
            }
        }
        int highest = entries.items().stream().mapToInt(IndexEntry::id).max().orElse(-1);
        nextId = Math.max(highest, byId.keySet().stream().mapToInt(Integer::intValue).max().orElse(-1)) + 1;
        return found;
    }

    /** Copies a damaged file aside before compaction drops its bad lines; the problems then name the copy. */
    private static List<String> keptAside(Path damaged, List<String> found) throws IOException {
        if (found.isEmpty()) {
            return found;
        }
        Path copy = damaged.resolveSibling(damaged.getFileName() + ".damaged-" + STAMP.format(Instant.now()));
        Files.copy(damaged, copy, StandardCopyOption.COPY_ATTRIBUTES);
        return found.stream().map(p -> p + "; the file as found is kept as " + copy.getFileName()).toList();
    }

    private void index(BatchRecord record) {
        byId.put(record.id(), record);
        if (record.idempotencyKey() != null) {
            byKey.put(key(record.team(), record.idempotencyKey()), record.id());
        }
    }

    /** Rewrites a file with the given lines: written aside, forced, then renamed over the old one. */
    private static void compact(Path dir, Path target, List<ByteBuffer> lines) throws IOException {
        Path partial = target.resolveSibling(target.getFileName() + ".tmp");
        try (FileChannel out = FileChannel.open(partial, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            for (ByteBuffer line : lines) {
                out.write(line);
            }
            out.force(true);
        }
        Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        try (FileChannel directory = FileChannel.open(dir, StandardOpenOption.READ)) {
            directory.force(true);
        }
    }

    @Override
    public Created createOnce(String team, String idempotencyKey, IntFunction<BatchRecord> create) {
        BatchRecord record;
        CompletableFuture<Void> durable;
        boolean isNew;
        synchronized (this) {
            Integer existing = idempotencyKey == null ? null : byKey.get(key(team, idempotencyKey));
            isNew = existing == null;
            if (isNew) {
                record = create.apply(nextId++);
                durable = append(record, true);
                pending.put(record.id(), durable);
                index(record);
            } else {
                record = byId.get(existing);
                durable = pending.getOrDefault(existing, CompletableFuture.completedFuture(null));
            }
        }
        try {
            durable.join();
            return new Created(record, isNew);
        } catch (CompletionException e) {
            if (isNew) {
                forget(record);
            }
            throw unwritable(record, e);
        } finally {
            if (isNew) {
                pending.remove(record.id());
            }
        }
    }

    private synchronized void forget(BatchRecord record) {
        byId.remove(record.id());
        if (record.idempotencyKey() != null) {
            byKey.remove(key(record.team(), record.idempotencyKey()));
        }
    }

    /** Appends the new state and waits for it to be on disk; changes of one batch are ordered by its caller. */
    @Override
    public void update(BatchRecord record) {
        byId.put(record.id(), record);
        try {
            append(record, false).join();
        } catch (CompletionException e) {
            throw unwritable(record, e);
        }
    }

    /** The journal could not be written (a failed or full disk): the store does not answer, which is a 503. */
    private StoreUnavailable unwritable(BatchRecord record, CompletionException e) {
        return StoreUnavailable.stateDirectory("batch " + record.id() + " could not be recorded in " + file + ": "
                + e.getCause().getMessage(), e.getCause());
    }

    private CompletableFuture<Void> append(BatchRecord record, boolean created) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        queue.add(new Append(record, created, done));
        return done;
    }

    /** Group commit: everything that queued while the last flush ran is written and flushed together. */
    private void writeLoop() {
        List<Append> batch = new ArrayList<>();
        while (!Thread.currentThread().isInterrupted()) {
            try {
                batch.add(queue.take());
            } catch (InterruptedException e) {
                return;
            }
            queue.drainTo(batch);
            try {
                // The index first: an id is never in the journal before it is in the index.
                boolean created = false;
                for (Append append : batch) {
                    if (append.created()) {
                        indexChannel.write(indexLine(append.record()));
                        created = true;
                    }
                }
                if (created) {
                    indexChannel.force(false);
                }
                for (Append append : batch) {
                    channel.write(line(append.record()));
                }
                channel.force(false);
                batch.forEach(a -> a.done().complete(null));
            } catch (IOException | RuntimeException e) {
                batch.forEach(a -> a.done().completeExceptionally(e));
            }
            batch.clear();
        }
    }

    private static ByteBuffer line(BatchRecord record) {
        return bytes(record);
    }

    private static ByteBuffer indexLine(BatchRecord record) {
        return bytes(new IndexEntry(record.id(), record.team(), record.idempotencyKey()));
    }

    private static ByteBuffer bytes(Object value) {
        return JournalLines.line(StoredJson.bytes(value));
    }

    @Override
    public Optional<BatchRecord> get(int id) {
        return Optional.ofNullable(byId.get(id));
    }

    @Override
    public List<BatchRecord> all() {
        return byId.values().stream().sorted(Comparator.comparingInt(BatchRecord::id)).toList();
    }

    @Override
    public List<String> problems() {
        return problems.list();
    }

    private static String key(String team, String idempotencyKey) {
        return team + "\u0000" + idempotencyKey;
    }

    @Override
    public void close() {
        writer.interrupt();
        try {
            writer.join(5_000);
            channel.close();
            indexChannel.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the batch journal " + file, e);
        }
    }
}
