package io.punctual.yarn.doctor;

/** Whether a cluster meets one {@link Prerequisite}, as far as a client can tell from outside. */
public enum Verdict {
    /** Met. */
    MET,
    /** Not met: Punctual will fail where it needs it; the finding says what to change. */
    MISSING,
    /** Could not be told from here (the ResourceManager does not answer, or the answer depends on groups). */
    UNKNOWN
}
