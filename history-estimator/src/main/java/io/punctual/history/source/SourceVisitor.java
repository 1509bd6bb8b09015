package io.punctual.history.source;

/** Receives what a source finds, one log or one problem at a time, so a batch goes on after a bad entry. */
public interface SourceVisitor {

    void found(LogCandidate log);

    /** Something at {@code location} could not be looked at; {@code message} says what and what to do. */
    void problem(String location, String message);
}
