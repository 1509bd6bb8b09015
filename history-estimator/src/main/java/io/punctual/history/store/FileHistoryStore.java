package io.punctual.history.store;

import io.punctual.sizing.JobKey;
import io.punctual.history.run.RunId;
import io.punctual.history.run.RunRecord;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;

/**
 * The embedded store: one file per run under {@code <root>/runs/<job key>/}, one per ingested source under
 * {@code <root>/sources/}, each written atomically ({@link RecordFile}). Writers take {@code <root>/.lock}, so two
 * Punctual processes never interleave; readers need no lock, as every file they can see is whole.
 */
public final class FileHistoryStore implements HistoryStore {

    private static final String RUN_SUFFIX = ".run";
    private static final String MARK_SUFFIX = ".mark";

    private final Path root;
    private final Path runs;
    private final Path sources;
    private final ReentrantLock inProcess = new ReentrantLock();

    private FileHistoryStore(Path root) {
        this.root = root;
        this.runs = root.resolve("runs");
        this.sources = root.resolve("sources");
    }

    /** Opens (creating if needed) the store under {@code root}, normally {@code $PUNCTUAL_HOME/history}. */
    public static FileHistoryStore open(Path root) {
        FileHistoryStore store = new FileHistoryStore(root);
        try {
            Files.createDirectories(store.runs);
            Files.createDirectories(store.sources);
        } catch (IOException e) {
            throw new HistoryStoreException("cannot create the history store under " + root + ": " + e.getMessage()
                    + " (check that the directory is writable, or point PUNCTUAL_HOME elsewhere)", e);
        }
        store.migrateJobKeys();
        return store;
    }

    /**
     * Re-files runs stored under a team that was a reservation's or one run's queue ({@link JobKey#stableTeam}), so
     * a job that ran in reservations becomes one job with all its runs. Only directories whose team part names such a
     * queue are read; a record that cannot be read stays where it is, and {@link #runs} reports it.
     */
    private void migrateJobKeys() {
        for (Path dir : jobDirectories()) {
            String name = dir.getFileName().toString();
            String team = name.substring(0, Math.max(0, name.indexOf('~')));
            if (team.isEmpty() || JobKey.stableTeam(team, "").equals(team)) {
                continue;
            }
            for (Path file : files(dir, RUN_SUFFIX)) {
                try {
                    RunRecord run = RunRecordJson.read(RecordFile.read(file));
                    JobKey stable = run.jobKey().withStableTeam(run.user());
                    if (!stable.equals(run.jobKey())) {
                        put(run.withJobKey(stable));
                    }
                } catch (IOException e) {
                    // left in place: a scan reports the damaged file with what to do about it
                }
            }
            deleteIfEmpty(dir);
        }
    }

    private void deleteIfEmpty(Path dir) {
        locked("remove the emptied directory " + dir.getFileName(), () -> {
            try (Stream<Path> children = Files.list(dir)) {
                if (children.findAny().isEmpty()) {
                    Files.delete(dir);
                }
            }
        });
    }

    public Path root() {
        return root;
    }

    @Override
    public void put(RunRecord run) {
        Path dir = runs.resolve(jobDirectory(run.jobKey()));
        Path target = dir.resolve(runFileName(run.id()));
        locked("store run " + run.id(), () -> {
            Files.createDirectories(dir);
            removeStaleTemporaries(dir);
            RecordFile.writeAtomically(target, RunRecordJson.write(run));
            // a re-ingest under a new job key leaves the old record elsewhere: drop it only once the new one is safe
            for (Path old : locate(run.id())) {
                if (!old.equals(target)) {
                    Files.deleteIfExists(old);
                }
            }
        });
    }

    @Override
    public Optional<RunRecord> get(RunId id) {
        for (Path file : locate(id)) {
            try {
                return Optional.of(RunRecordJson.read(RecordFile.read(file)));
            } catch (IOException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    @Override
    public StoreScan runs(Optional<JobKey> jobKey) {
        List<RunRecord> found = new ArrayList<>();
        List<StoreProblem> problems = new ArrayList<>();
        List<Path> dirs = jobKey.map(k -> List.of(runs.resolve(jobDirectory(k)))).orElseGet(this::jobDirectories);
        for (Path dir : dirs) {
            for (Path file : files(dir, RUN_SUFFIX)) {
                try {
                    RunRecord run = RunRecordJson.read(RecordFile.read(file));
                    if (jobKey.isEmpty() || run.jobKey().equals(jobKey.get())) {
                        found.add(run);
                    }
                } catch (IOException e) {
                    problems.add(new StoreProblem(root.relativize(file).toString(), e.getMessage()
                            + "; re-ingest its event log to restore it, or delete the file"));
                }
            }
        }
        found.sort(java.util.Comparator.comparingLong(RunRecord::startMs).thenComparing(RunRecord::id));
        return new StoreScan(found, problems);
    }

    /** Every write replaces a whole file, so the names, times and sizes in the job's directory change with it. */
    @Override
    public Object version(JobKey jobKey) {
        List<Object> seen = new ArrayList<>();
        for (Path file : files(runs.resolve(jobDirectory(jobKey)), RUN_SUFFIX)) {
            try {
                var attributes = Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class);
                seen.add(List.of(file.getFileName().toString(), attributes.lastModifiedTime(), attributes.size()));
            } catch (IOException gone) {
                seen.add(file.getFileName().toString());
            }
        }
        return seen;
    }

    @Override
    public Optional<SourceMark> mark(String sourceUri) {
        Path file = sources.resolve(hash(sourceUri) + MARK_SUFFIX);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            SourceMark mark = SourceMark.fromJson(RecordFile.read(file));
            return mark.uri().equals(sourceUri) ? Optional.of(mark) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty(); // a damaged mark only costs a re-read of the source
        }
    }

    @Override
    public void putMark(SourceMark mark) {
        Path file = sources.resolve(hash(mark.uri()) + MARK_SUFFIX);
        locked("remember source " + mark.uri(), () -> {
            removeStaleTemporaries(sources);
            RecordFile.writeAtomically(file, mark.toJson());
        });
    }

    private interface Write {
        void run() throws IOException;
    }

    private void locked(String what, Write write) {
        inProcess.lock();
        try (FileChannel lockFile = FileChannel.open(root.resolve(".lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE)) {
            FileLock lock = lockFile.lock();
            try {
                write.run();
            } finally {
                lock.release();
            }
        } catch (IOException e) {
            throw new HistoryStoreException("cannot " + what + " in " + root + ": " + e.getMessage(), e);
        } finally {
            inProcess.unlock();
        }
    }

    /** Left by a writer that died mid-write; safe to delete while holding the lock, as no writer is active. */
    private static void removeStaleTemporaries(Path dir) throws IOException {
        try (Stream<Path> children = Files.list(dir)) {
            for (Path p : (Iterable<Path>) children::iterator) {
                if (p.getFileName().toString().startsWith(RecordFile.TEMP_PREFIX)) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private List<Path> locate(RunId id) {
        String name = runFileName(id);
        return jobDirectories().stream().map(d -> d.resolve(name)).filter(Files::exists).toList();
    }

    private List<Path> jobDirectories() {
        try (Stream<Path> dirs = Files.list(runs)) {
            return dirs.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static List<Path> files(Path dir, String suffix) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(dir)) {
            return children.filter(p -> {
                String name = p.getFileName().toString();
                return name.endsWith(suffix) && !name.startsWith(".");
            }).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Readable, file-system-safe and collision-free: a cleaned name plus a hash of the exact key. */
    static String jobDirectory(JobKey key) {
        return safe(key.team()) + "~" + safe(key.name()) + "-" + hash(key.toString()).substring(0, 10);
    }

    static String runFileName(RunId id) {
        return safe(id.toString()) + "-" + hash(id.toString()).substring(0, 10) + RUN_SUFFIX;
    }

    private static String safe(String text) {
        String cleaned = text.replaceAll("[^A-Za-z0-9._-]", "_");
        cleaned = cleaned.length() > 60 ? cleaned.substring(0, 60) : cleaned;
        return cleaned.startsWith(".") ? "_" + cleaned.substring(1) : cleaned;
    }

    private static String hash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
