package io.punctual.workloads.puma;

import java.util.Arrays;
import java.util.List;

/**
 * The sizes the PUMA suite runs at: about this much input per job (each input kind gets this size, and the jobs of
 * a kind share it). A job splits its input into {@link #partitions()} parts of at most 64 MiB, like HDFS blocks,
 * which is also the size of the input's files.
 */
public enum PumaScale {
    /** A few MB: every job in seconds on a small embedded YARN, for tests and the demo. */
    TINY("tiny", 4L << 20),
    /** 1 GiB per job. */
    ONE_G("1g", 1L << 30),
    /** 10 GiB per job. */
    TEN_G("10g", 10L << 30);

    private static final long SPLIT_BYTES = 64L << 20;
    private static final int MIN_PARTITIONS = 4;

    private final String label;
    private final long bytes;

    PumaScale(String label, long bytes) {
        this.label = label;
        this.bytes = bytes;
    }

    /** The scale's name on the command line. */
    public String label() {
        return label;
    }

    /** About how much input each job reads. */
    public long bytes() {
        return bytes;
    }

    /** How many partitions a job at this scale uses. */
    public int partitions() {
        return (int) Math.max(MIN_PARTITIONS, (bytes + SPLIT_BYTES - 1) / SPLIT_BYTES);
    }

    /** Every scale's name, smallest first. */
    public static List<String> labels() {
        return Arrays.stream(values()).map(PumaScale::label).toList();
    }

    /** The scale named {@code label}. */
    public static PumaScale of(String label) {
        return Arrays.stream(values()).filter(scale -> scale.label.equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown PUMA scale '" + label + "'; known scales: "
                        + String.join(", ", labels())));
    }
}
