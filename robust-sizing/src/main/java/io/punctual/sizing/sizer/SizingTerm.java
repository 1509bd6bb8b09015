package io.punctual.sizing.sizer;

/** One term of a sizing decision, for {@code punctual explain}: its name, its value, and what it means. */
public record SizingTerm(String name, String value, String meaning) {

    public static SizingTerm of(String name, Object value, String meaning) {
        return new SizingTerm(name, String.valueOf(value), meaning);
    }
}
