package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.history.IngestProgress;
import io.punctual.history.RunHistory;
import io.punctual.history.SourceResolver;
import io.punctual.history.model.ModelSettings;
import io.punctual.history.run.RunRecord;
import io.punctual.history.store.HistoryStore;
import io.punctual.history.store.SourceMark;
import io.punctual.sizing.JobKey;
import io.punctual.submit.SparkEventLog;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every {@link HistoryStore} keeps (the files under a home, PostgreSQL for gateways sharing a database), checked
 * against each by the same tests on runs read from Spark's own event logs.
 */
abstract class HistoryStoreContract {

    @TempDir
    Path tmp;

    /** The store; each call within one test reaches the same runs, as another process would. */
    abstract HistoryStore open() throws Exception;

    /** Damages the stored record of {@code run} where it is kept. */
    abstract void damage(RunRecord run) throws Exception;

    private RunRecord ingest(HistoryStore store, String application) throws Exception {
        Path log = SparkEventLog.copy(application, tmp.resolve("logs"));
        var history = new RunHistory(store, SourceResolver.defaults(), ModelSettings.DEFAULT);
        history.ingest(log.toString(), IngestProgress.SILENT);
        return store.runs(Optional.empty()).runs().stream().filter(r -> r.id().appId().equals(application))
                .findFirst().orElseThrow();
    }

    @Test
    void aStoredRunReadsBackEqualEverywhereAndMovesWithItsJobKey() throws Exception {
        HistoryStore store = open();
        RunRecord run = ingest(store, "application_1628109047826_1317105");
        Object before = store.version(run.jobKey());

        HistoryStore elsewhere = open();
        // a record holds arrays of task times, so equal means equal field by field
        assertThat(elsewhere.get(run.id())).hasValueSatisfying(r -> assertThat(r).usingRecursiveComparison()
                .isEqualTo(run));
        assertThat(elsewhere.runs(Optional.of(run.jobKey())).runs()).singleElement()
                .usingRecursiveComparison().isEqualTo(run);
        assertThat(elsewhere.jobKeys()).contains(run.jobKey());

        JobKey renamed = new JobKey("ops", "nightly");
        elsewhere.put(run.withJobKey(renamed));
        assertThat(store.runs(Optional.of(run.jobKey())).runs()).isEmpty();
        assertThat(store.runs(Optional.of(renamed)).runs()).singleElement().extracting(RunRecord::id)
                .isEqualTo(run.id());
        assertThat(store.version(run.jobKey())).as("a run moved away").isNotEqualTo(before);
    }

    @Test
    void theVersionOfAJobsRunsChangesWithEveryRunStoredAndOnlyThen() throws Exception {
        HistoryStore store = open();
        RunRecord first = ingest(store, "application_1628109047826_1317105");
        Object one = store.version(first.jobKey());
        assertThat(open().version(first.jobKey())).isEqualTo(one);

        RunRecord second = ingest(store, "application_1516285256255_0012");
        assertThat(store.version(first.jobKey())).as("another job's run").isEqualTo(one);
        Object otherBefore = store.version(second.jobKey());
        store.put(second.withJobKey(first.jobKey()));

        assertThat(store.version(first.jobKey())).isNotEqualTo(one);
        assertThat(store.version(second.jobKey())).isNotEqualTo(otherBefore);
    }

    @Test
    void aDamagedRecordIsAProblemNeverData() throws Exception {
        HistoryStore store = open();
        RunRecord run = ingest(store, "application_1628109047826_1317105");

        damage(run);

        var scan = open().runs(Optional.empty());
        assertThat(scan.runs()).isEmpty();
        assertThat(scan.problems()).singleElement().satisfies(p -> assertThat(p.message()).contains("re-ingest"));
        assertThat(open().get(run.id())).isEmpty();
    }

    @Test
    void aMarkRemembersWhatItsSourceGave() throws Exception {
        HistoryStore store = open();
        SourceMark mark = new SourceMark("file:/logs/app-1", 10, 20, false, "stored", "app-1", "");
        store.putMark(mark);
        store.putMark(new SourceMark("file:/logs/app-2", 1, 2, true, "skipped", "", "in progress"));

        assertThat(open().mark("file:/logs/app-1")).contains(mark);
        assertThat(open().mark("file:/logs/app-3")).isEmpty();
        SourceMark again = new SourceMark("file:/logs/app-1", 11, 21, false, "stored", "app-1", "");
        store.putMark(again);
        assertThat(open().mark("file:/logs/app-1")).contains(again);
    }
}
