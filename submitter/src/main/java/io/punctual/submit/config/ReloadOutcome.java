package io.punctual.submit.config;

import java.util.List;

/** What a reload did: the new configuration is in use, or it was invalid and the previous one stays. */
public sealed interface ReloadOutcome permits ReloadOutcome.Applied, ReloadOutcome.Kept {

    /** The configuration in use after the reload. */
    PunctualConfig current();

    record Applied(PunctualConfig current) implements ReloadOutcome {
    }

    /** @param problems why the files on disk were refused */
    record Kept(PunctualConfig current, List<ConfigProblem> problems) implements ReloadOutcome {

        public Kept {
            problems = List.copyOf(problems);
        }
    }
}
