package io.punctual.workloads.tpcds;

/** How a query's answer compared with Spark's expected answer ({@link QueryAnswer#check}). */
public sealed interface AnswerCheck {

    /** Same schema, same rows. */
    record Matches(int rows) implements AnswerCheck {
    }

    /** What differs first, with both sides, for the report. */
    record Differs(String why) implements AnswerCheck {
    }
}
