package io.punctual.submit.gateway;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
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
 * flushes, not one each. Opening replays the journal (the last line of a batch wins; a line cut by a crash is
 * reported and skipped) and rewrites it compacted, atomically.
 */
public final class JournalBatchStore implements BatchStore, AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new Jdk8Module())
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    private static final String JOURNAL = "batches.journal";

    private record Append(BatchRecord record, CompletableFuture<Void> done) {
    }

    private final Path file;
    private final FileChannel channel;
    private final Map<Integer, BatchRecord> byId = new ConcurrentHashMap<>();
    private final Map<String, Integer> byKey = new HashMap<>();
    private final Map<Integer, CompletableFuture<Void>> pending = new ConcurrentHashMap<>();
    private final List<String> problems = new ArrayList<>();
    private final BlockingQueue<Append> queue = new LinkedBlockingQueue<>();
    private final Thread writer;
    private int nextId;

    private JournalBatchStore(Path dir) throws IOException {
        this.file = dir.resolve(JOURNAL);
        replay();
        compact(dir);
        this.channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
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

    private void replay() throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        int lineNo = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                try {
                    index(JSON.readValue(line, BatchRecord.class));
                } catch (IOException | RuntimeException damaged) {
                    problems.add(file + ":" + lineNo + ": skipped a damaged record (" + damaged.getMessage() + ")");
                }
            }
        }
        nextId = byId.keySet().stream().mapToInt(Integer::intValue).max().orElse(-1) + 1;
    }

    private void index(BatchRecord record) {
        byId.put(record.id(), record);
        if (record.idempotencyKey() != null) {
            byKey.put(key(record.team(), record.idempotencyKey()), record.id());
        }
    }

    /** Rewrites the journal with one line per batch: written aside, forced, then renamed over the old one. */
    private void compact(Path dir) throws IOException {
        Path partial = dir.resolve(JOURNAL + ".tmp");
        try (FileChannel out = FileChannel.open(partial, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            for (BatchRecord record : all()) {
                out.write(line(record));
            }
            out.force(true);
        }
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
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
                durable = append(record);
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
            throw new UncheckedIOException("batch " + record.id() + " could not be recorded",
                    e.getCause() instanceof IOException io ? io : new IOException(e.getCause()));
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
            append(record).join();
        } catch (CompletionException e) {
            throw new UncheckedIOException("batch " + record.id() + " could not be recorded",
                    e.getCause() instanceof IOException io ? io : new IOException(e.getCause()));
        }
    }

    private CompletableFuture<Void> append(BatchRecord record) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        queue.add(new Append(record, done));
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

    private static ByteBuffer line(BatchRecord record) throws IOException {
        byte[] json = JSON.writeValueAsBytes(record);
        ByteBuffer buffer = ByteBuffer.allocate(json.length + 1);
        buffer.put(json).put((byte) '\n').flip();
        return buffer;
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
    public synchronized List<String> problems() {
        return List.copyOf(problems);
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
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the batch journal " + file, e);
        }
    }
}
