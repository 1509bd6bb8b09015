package io.punctual.workloads.puma.input;

import java.util.SplittableRandom;

/**
 * Makes the records of one input kind, one after another, as text. A generator is built once per input (from the
 * input's total size and a random source for its global parameters, such as each user's tastes) and then shared by
 * the threads that write the input's files, so it must not change after construction.
 */
public interface RecordGenerator {

    /**
     * Appends the next record: one or more whole lines, each ending in {@code '\n'}.
     *
     * @param id     a number no other record of this input gets (a document's or a movie's id)
     * @param random the random source of the file being written
     * @param out    where the record goes
     */
    void append(long id, SplittableRandom random, StringBuilder out);
}
