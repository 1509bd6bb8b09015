package io.punctual.submit.gateway;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
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
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;
import java.util.stream.Stream;

/**
 * The embedded {@link BatchStore}: one JSON file per batch under a directory, each written to a temporary file, forced
 * to disk and renamed over the old one (then the directory is forced too), so a crash at any moment leaves either the
 * old record or the new one, never half of one. Reads are served from memory.
 */
public final class FileBatchStore implements BatchStore {

    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private final Path dir;
    private final Map<Integer, BatchRecord> byId = new ConcurrentHashMap<>();
    private final Map<String, Integer> byKey = new HashMap<>();
    private final List<String> problems = new ArrayList<>();
    private int nextId;

    private FileBatchStore(Path dir) {
        this.dir = dir;
    }

    public static FileBatchStore open(Path dir) {
        FileBatchStore store = new FileBatchStore(dir);
        try {
            Files.createDirectories(dir);
            store.load();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the batch store in " + dir, e);
        }
        return store;
    }

    private void load() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.getFileName().toString().matches("\\d+\\.json")).toList()) {
                try {
                    BatchRecord record = JSON.readValue(file.toFile(), BatchRecord.class);
                    byId.put(record.id(), record);
                    if (record.idempotencyKey() != null) {
                        byKey.put(key(record.team(), record.idempotencyKey()), record.id());
                    }
                } catch (IOException | RuntimeException damaged) {
                    problems.add(file + ": " + damaged.getMessage());
                }
            }
        }
        nextId = byId.keySet().stream().mapToInt(Integer::intValue).max().orElse(-1) + 1;
    }

    @Override
    public synchronized Created createOnce(String team, String idempotencyKey, IntFunction<BatchRecord> create) {
        if (idempotencyKey != null) {
            Integer existing = byKey.get(key(team, idempotencyKey));
            if (existing != null) {
                return new Created(byId.get(existing), false);
            }
        }
        BatchRecord record = create.apply(nextId);
        write(record);
        nextId++;
        byId.put(record.id(), record);
        if (idempotencyKey != null) {
            byKey.put(key(team, idempotencyKey), record.id());
        }
        return new Created(record, true);
    }

    @Override
    public void update(BatchRecord record) {
        synchronized (this) {
            write(record);
            byId.put(record.id(), record);
        }
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

    private void write(BatchRecord record) {
        Path file = dir.resolve(record.id() + ".json");
        Path partial = dir.resolve(record.id() + ".json.tmp");
        try {
            byte[] bytes = JSON.writeValueAsBytes(record);
            try (FileChannel out = FileChannel.open(partial, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                out.write(ByteBuffer.wrap(bytes));
                out.force(true);
            }
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            try (FileChannel directory = FileChannel.open(dir, StandardOpenOption.READ)) {
                directory.force(true);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write batch " + record.id() + " to " + file, e);
        }
    }

    private static String key(String team, String idempotencyKey) {
        return team + "\u0000" + idempotencyKey;
    }
}
