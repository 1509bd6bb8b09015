package io.punctual.submit.config;

import java.util.List;

/** The outcome of reading a configuration directory: all of it valid, or every problem found. */
public sealed interface LoadResult permits LoadResult.Loaded, LoadResult.Invalid {

    record Loaded(PunctualConfig config) implements LoadResult {
    }

    /** @param problems every problem in every file, in file order; never empty */
    record Invalid(List<ConfigProblem> problems) implements LoadResult {

        public Invalid {
            problems = List.copyOf(problems);
            if (problems.isEmpty()) {
                throw new IllegalArgumentException("an invalid configuration has at least one problem");
            }
        }
    }
}
