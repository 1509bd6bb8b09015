package io.punctual.submit.gateway;

/**
 * A launch record refused because another gateway has taken the lead since this one last knew it led: this gateway
 * stops stepping the batch, and the lead carries it on.
 */
public final class LeadLost extends RuntimeException {

    public LeadLost(String message) {
        super(message);
    }
}
