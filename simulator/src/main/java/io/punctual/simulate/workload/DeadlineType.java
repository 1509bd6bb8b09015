package io.punctual.simulate.workload;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/**
 * Deadlines as multiples x of a job's optimal runtime (Justice paper, Section 3.1): fixed multiples, Jockey's two
 * equally likely values, 90loose (the larger of Jockey1x2x's values with probability 0.9), and ARIA's uniform ranges.
 */
public enum DeadlineType {
    FIXED1X("Fixed1x"), FIXED2X("Fixed2x"), JOCKEY1X2X("Jockey1x2x"), JOCKEY2X4X("Jockey2x4x"),
    LOOSE90("90loose"), ARIA1X3X("Aria1x3x"), ARIA2X4X("Aria2x4x");

    private final String label;

    DeadlineType(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public double multiple(SplittableRandom random) {
        switch (this) {
            case FIXED1X: return 1;
            case FIXED2X: return 2;
            case JOCKEY1X2X: return random.nextBoolean() ? 1 : 2;
            case JOCKEY2X4X: return random.nextBoolean() ? 2 : 4;
            case LOOSE90: return random.nextDouble() < 0.9 ? 2 : 1;
            case ARIA1X3X: return 1 + 2 * random.nextDouble();
            case ARIA2X4X: return 2 + 2 * random.nextDouble();
            default: throw new AssertionError(this);
        }
    }

    public static DeadlineType parse(String text) {
        for (DeadlineType type : values()) {
            if (type.label.toLowerCase(Locale.ROOT).equals(text.strip().toLowerCase(Locale.ROOT))) {
                return type;
            }
        }
        throw new IllegalArgumentException("unknown deadline type '" + text + "'; use one of " + Arrays.stream(values())
                .map(DeadlineType::label).collect(Collectors.joining(", ")));
    }
}
