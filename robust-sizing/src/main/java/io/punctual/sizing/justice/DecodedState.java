package io.punctual.sizing.justice;

/** The result of reading stored Justice state text: the state, or why the text cannot be trusted. */
public sealed interface DecodedState permits DecodedState.Decoded, DecodedState.Corrupt {

    /** The text held a valid state. */
    record Decoded(JusticeState state) implements DecodedState {
    }

    /**
     * The text is not a valid state (truncated, edited, checksum mismatch, unknown version).
     *
     * @param reason what is wrong and what to do about it
     */
    record Corrupt(String reason) implements DecodedState {
    }
}
