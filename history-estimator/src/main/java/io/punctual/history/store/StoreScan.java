package io.punctual.history.store;

import io.punctual.history.run.RunRecord;

import java.util.List;

/** Runs read from a store, and the records that could not be read (corrupt, unreadable), with why. */
public record StoreScan(List<RunRecord> runs, List<StoreProblem> problems) {

    public StoreScan {
        runs = List.copyOf(runs);
        problems = List.copyOf(problems);
    }
}
