package io.punctual.submit.learn;

import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Where the learning loop keeps what it learns besides runs (Justice's state, launch overheads, the work-per-task
 * prior, BoPF's queue arrivals): named texts, each read whole and replaced whole. {@link LearnedFiles} keeps them
 * under a gateway's state directory; gateways sharing a database keep them there, so every gateway learns the same.
 *
 * <p>Contract (checked for every implementation by the same tests): a reader never sees half a text; an update reads
 * and replaces under a lock that every writer, in this process or another, takes, so no update is lost; an update that
 * changes nothing writes nothing; the version changes whenever the text does.
 */
public interface LearnedTexts {

    /** The text stored under {@code name}, if any. */
    Optional<String> read(String name);

    /**
     * Replaces the text under {@code name} with {@code change} applied to the current one (empty when there is none),
     * atomically, and returns what is stored afterwards.
     */
    Optional<String> update(String name, UnaryOperator<Optional<String>> change);

    /** What identifies the current text without reading it; empty when there is none. */
    Optional<Object> version(String name);
}
