package io.punctual.history.run;

import java.util.List;

/**
 * What the parser could and could not trust in a log.
 *
 * @param complete       an application end was seen
 * @param corruptLines   lines that were not valid JSON (a truncated last line is counted apart)
 * @param truncatedTail  the last line was cut off (a log still being written, or a crash)
 * @param unknownEvents  events that are not Spark's own (custom listener events), skipped
 * @param problems       human-readable findings: missing task ends, stages never completed, ...
 */
public record LogIntegrity(boolean complete, long lines, long corruptLines, boolean truncatedTail,
                           long unknownEvents, List<String> problems) {

    public LogIntegrity {
        problems = List.copyOf(problems);
    }
}
