package io.punctual.sizing;

/**
 * A bundle of cluster resources: memory in MiB and virtual cores. Comparisons hold in every resource, as the
 * papers' vector conditions do (Rayon's bundles, BoPF's burst vectors).
 */
public record Resources(long memoryMb, long vcores) {

    public static final Resources ZERO = new Resources(0, 0);

    public Resources {
        if (memoryMb < 0 || vcores < 0) {
            throw new IllegalArgumentException("resources cannot be negative: <" + vcores + " vcores, " + memoryMb + " MiB>");
        }
    }

    public static Resources of(long vcores, long memoryMb) {
        return new Resources(memoryMb, vcores);
    }

    public Resources plus(Resources other) {
        return new Resources(memoryMb + other.memoryMb, vcores + other.vcores);
    }

    /** Component-wise difference, floored at zero in each resource. */
    public Resources minusFloored(Resources other) {
        return new Resources(Math.max(0, memoryMb - other.memoryMb), Math.max(0, vcores - other.vcores));
    }

    /** The smallest bundle that holds either of the two: the larger amount of each resource. */
    public Resources atLeast(Resources other) {
        return new Resources(Math.max(memoryMb, other.memoryMb), Math.max(vcores, other.vcores));
    }

    public Resources times(long factor) {
        return new Resources(Math.multiplyExact(memoryMb, factor), Math.multiplyExact(vcores, factor));
    }

    /** True when this bundle fits inside {@code capacity} in every resource. */
    public boolean fitsIn(Resources capacity) {
        return memoryMb <= capacity.memoryMb && vcores <= capacity.vcores;
    }

    public boolean isZero() {
        return memoryMb == 0 && vcores == 0;
    }

    /** How many whole copies of {@code unit} fit in this bundle (the binding resource decides). */
    public long copiesOf(Resources unit) {
        long byMemory = unit.memoryMb == 0 ? Long.MAX_VALUE : memoryMb / unit.memoryMb;
        long byCores = unit.vcores == 0 ? Long.MAX_VALUE : vcores / unit.vcores;
        return Math.min(byMemory, byCores);
    }

    @Override
    public String toString() {
        return "<" + vcores + " vcores, " + memoryMb + " MiB>";
    }
}
