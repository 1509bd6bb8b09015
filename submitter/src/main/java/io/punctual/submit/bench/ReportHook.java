package io.punctual.submit.bench;

import java.nio.file.Path;

/**
 * What turns a finished run's {@code results.json} and {@code run.json} into its report ({@code report.html}, the
 * CSV, the plots): the report package plugs in here.
 */
@FunctionalInterface
public interface ReportHook {

    /** No report beyond the two JSON files. */
    ReportHook NONE = dir -> { };

    void write(Path reportDir);
}
