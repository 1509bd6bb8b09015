package io.punctual.history;

/** Told about each log as an ingest goes, so a CLI can draw progress. */
public interface IngestProgress {

    IngestProgress SILENT = new IngestProgress() {
        @Override
        public void reading(int index, int total, String uri) {
        }

        @Override
        public void done(int index, int total, IngestReport.Outcome outcome) {
        }
    };

    /** Log {@code index} (1-based) of {@code total} is about to be read. */
    void reading(int index, int total, String uri);

    void done(int index, int total, IngestReport.Outcome outcome);
}
