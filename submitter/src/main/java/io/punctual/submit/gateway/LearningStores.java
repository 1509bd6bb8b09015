package io.punctual.submit.gateway;

import io.punctual.history.RunHistory;
import io.punctual.history.SourceResolver;
import io.punctual.history.model.ModelSettings;
import io.punctual.history.run.RunRecord;
import io.punctual.history.store.FileHistoryStore;
import io.punctual.sizing.justice.ErrorSmoothing;
import io.punctual.submit.learn.LearnedFiles;
import io.punctual.submit.learn.LearnedTexts;
import io.punctual.submit.learn.StoredLearning;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a gateway learns: under its own home, or, with a shared database, in the database, so every gateway sizes from
 * every run any of them saw finish. What a home learnt before its gateway joined a database is copied in once (runs
 * the database lacks, and each text the database has none of), so switching to a database forgets nothing.
 *
 * @param learning the runs and the rest of what was learnt, as sizing reads them
 * @param texts    the texts beside the runs, which BoPF's queue arrivals are kept among too
 */
record LearningStores(StoredLearning learning, LearnedTexts texts) {

    private static final Logger LOG = LoggerFactory.getLogger(LearningStores.class);
    /** Lists the databases this home's learning has been copied into. */
    static final String COPIED = "learning-copied-to-database";

    /** Runs under the home's {@code history/}, the rest as files in the state directory. */
    static LearningStores local(Path homeRoot, Path storeDir, ErrorSmoothing smoothing, Clock clock) {
        LearnedFiles texts = new LearnedFiles(storeDir);
        return new LearningStores(new StoredLearning(RunHistory.open(homeRoot), texts, smoothing, clock), texts);
    }

    /** Everything in the database behind {@code pool}, after copying in what this home learnt on its own. */
    static LearningStores shared(SqlPool pool, Path homeRoot, Path storeDir, ErrorSmoothing smoothing, Clock clock) {
        PostgresHistoryStore runs = PostgresHistoryStore.over(pool);
        PostgresLearnedTexts texts = PostgresLearnedTexts.over(pool);
        copyOnce(pool, homeRoot, storeDir, runs, texts);
        RunHistory history = new RunHistory(runs, SourceResolver.defaults(), ModelSettings.DEFAULT);
        return new LearningStores(new StoredLearning(history, texts, smoothing, clock), texts);
    }

    private static void copyOnce(SqlPool pool, Path homeRoot, Path storeDir, PostgresHistoryStore runs,
                                 PostgresLearnedTexts texts) {
        Path marker = storeDir.resolve(COPIED);
        try {
            if (Files.exists(marker) && Files.readAllLines(marker).contains(pool.toString())) {
                return;
            }
            LearnedFiles files = new LearnedFiles(storeDir);
            List<String> names = new ArrayList<>(StoredLearning.textNames());
            names.add(QueueArrivals.NAME);
            List<String> copiedTexts = new ArrayList<>();
            for (String name : names) {
                Optional<String> local = files.read(name);
                if (local.isPresent() && texts.update(name, current -> current.or(() -> local)).equals(local)) {
                    copiedTexts.add(name);
                }
            }
            long copiedRuns = localRuns(homeRoot).filter(runs::putIfAbsent).count();
            Files.writeString(marker, pool + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            LOG.info("copied what {} learnt into {}: {} runs, texts {}", homeRoot, pool, copiedRuns, copiedTexts);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy what " + homeRoot + " learnt into the database " + pool
                    + ": " + e.getMessage(), e);
        }
    }

    private static Stream<RunRecord> localRuns(Path homeRoot) {
        Path history = homeRoot.resolve("history");
        return Files.isDirectory(history) ? FileHistoryStore.open(history).runs(Optional.empty()).runs().stream()
                : Stream.empty();
    }
}
