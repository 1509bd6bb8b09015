package io.punctual.sizing.bopf;

/**
 * The work one resource-condition decision may still do, in cell reads (see {@link HardBurstLoad}); shared by its
 * folds, coupled merges and sweeps so that a decision stays bounded however many coupled groups it meets.
 */
final class WorkBudget {

    private double left;

    WorkBudget(long total) {
        this.left = total;
    }

    /** Spends {@code work} and returns true when that much is left; otherwise spends nothing. */
    boolean spend(double work) {
        if (work > left) {
            return false;
        }
        left -= work;
        return true;
    }

    long left() {
        return (long) left;
    }
}
