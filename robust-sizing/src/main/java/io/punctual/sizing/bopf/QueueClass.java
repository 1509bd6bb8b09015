package io.punctual.sizing.bopf;

import java.util.Locale;

/** Where BoPF's admission puts a queue (paper §3.3): Hard, Soft, Elastic, or not admitted at all. */
public enum QueueClass {
    /** Burst α guaranteed at every instant of its ON windows. */
    HARD,
    /** Burst α whenever the hard queues leave room; served after them. */
    SOFT,
    /** No burst guarantee; shares what is left by DRF, with a long-term fair share. */
    ELASTIC,
    /** Not admitted: admitting it would break a guarantee already given. */
    REJECTED;

    /** The lower-case name the CLI prints ({@code "hard"}, {@code "soft"}, ...). */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** True for the classes whose burst BoPF guarantees (H and S); these are the ones the safety condition protects. */
    public boolean isGuaranteed() {
        return this == HARD || this == SOFT;
    }

    /** True for every class that counts toward N, the number of admitted queues. */
    public boolean isAdmitted() {
        return this != REJECTED;
    }
}
