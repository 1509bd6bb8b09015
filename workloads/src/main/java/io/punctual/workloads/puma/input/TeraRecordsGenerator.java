package io.punctual.workloads.puma.input;

import java.util.SplittableRandom;

/**
 * Records for PUMA's TeraSort, shaped like Hadoop's TeraGen output: 100 bytes each, a random 10-character key
 * (printable ASCII {@code '!'..'~'}), a space, the record's number in 20 digits, a space, 67 filler letters and a
 * newline. Text rather than TeraGen's binary keys, so every job of the suite reads lines.
 */
public final class TeraRecordsGenerator implements RecordGenerator {

    /** The size of one record, newline included. */
    public static final int RECORD_BYTES = 100;
    /** The size of a record's key. */
    public static final int KEY_BYTES = 10;

    private static final int NUMBER_DIGITS = 20;
    private static final int FILLER = RECORD_BYTES - KEY_BYTES - NUMBER_DIGITS - 3;

    /** The arguments are those of {@link InputKind#generator}; records need neither. */
    public TeraRecordsGenerator(long totalBytes, SplittableRandom random) {
    }

    @Override
    public void append(long id, SplittableRandom random, StringBuilder out) {
        for (int i = 0; i < KEY_BYTES; i++) {
            out.append((char) random.nextInt('!', '~' + 1));
        }
        out.append(' ');
        String number = Long.toString(id);
        out.append("0".repeat(NUMBER_DIGITS - number.length())).append(number).append(' ');
        for (int i = 0; i < FILLER; i++) {
            out.append((char) ('A' + (id + i) % 26));
        }
        out.append('\n');
    }
}
