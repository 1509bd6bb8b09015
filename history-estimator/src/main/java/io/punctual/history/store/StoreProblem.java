package io.punctual.history.store;

/** A stored record that could not be read: where it is and what is wrong with it. */
public record StoreProblem(String location, String message) {
}
