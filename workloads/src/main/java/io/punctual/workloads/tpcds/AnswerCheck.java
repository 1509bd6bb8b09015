package io.punctual.workloads.tpcds;

/** How a query's answer compared with the expected answer, another engine's ({@link QueryAnswer#check}). */
public sealed interface AnswerCheck {

    /** Same schema, same rows. */
    record Matches(int rows) implements AnswerCheck {
    }

    /** What differs first, with both sides, for the report. */
    record Differs(String why) implements AnswerCheck {
    }
}
