package io.punctual.simulate.cluster;

import io.punctual.sizing.Resources;

/**
 * The simulated cluster: {@code nodes} nodes of {@code vcores} and {@code memoryMb} each, running one-vcore
 * containers of {@code containerMb} (the Justice paper's one CPU per task). A node holds
 * {@code min(vcores, memoryMb / containerMb)} containers; the cluster's CPUs are what all nodes hold.
 */
public record ClusterSpec(int nodes, int vcores, long memoryMb, long containerMb) {

    public static final long DEFAULT_CONTAINER_MB = 2048;

    public ClusterSpec {
        if (nodes < 1) {
            throw new IllegalArgumentException("the cluster needs at least one node, got " + nodes);
        }
        if (vcores < 1 || memoryMb < 1 || containerMb < 1) {
            throw new IllegalArgumentException("a node needs vcores ≥ 1 and memory ≥ 1 MB, and containers ≥ 1 MB; got "
                    + vcores + " vcores, " + memoryMb + " MB, containers of " + containerMb + " MB");
        }
        if (memoryMb < containerMb) {
            throw new IllegalArgumentException("a node of " + memoryMb + " MB cannot hold one container of "
                    + containerMb + " MB");
        }
    }

    /** Parses {@code <vcores>,<memoryMb>} as the command line writes a node. */
    public static ClusterSpec of(int nodes, String node) {
        String[] parts = node.split(",");
        if (parts.length != 2) {
            throw new IllegalArgumentException("--node is <vcores>,<memoryMb> (e.g. 16,65536), got '" + node + "'");
        }
        try {
            return new ClusterSpec(nodes, Integer.parseInt(parts[0].strip()), Long.parseLong(parts[1].strip()),
                    DEFAULT_CONTAINER_MB);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--node is <vcores>,<memoryMb> in whole numbers, got '" + node + "'");
        }
    }

    /** Every node's vcores and memory together. */
    public Resources resources() {
        return new Resources(memoryMb * nodes, (long) vcores * nodes);
    }

    public int containersPerNode() {
        return (int) Math.min(vcores, memoryMb / containerMb);
    }

    public int cpus() {
        long cpus = (long) nodes * containersPerNode();
        if (cpus > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("the cluster holds more than " + Integer.MAX_VALUE + " containers");
        }
        return (int) cpus;
    }
}
