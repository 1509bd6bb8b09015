package io.punctual.sizing.rayon.planning;

/** {@code bundles} copies of an atom's bundle held together during [start, end), in seconds. */
public record Lease(long start, long end, long bundles) {

    public Lease {
        if (end <= start || bundles <= 0) {
            throw new IllegalArgumentException("a lease needs end > start and bundles > 0: [" + start + ", " + end
                    + ") x " + bundles);
        }
    }

    /** Bundle-seconds this lease provides. */
    public long work() {
        return bundles * (end - start);
    }
}
