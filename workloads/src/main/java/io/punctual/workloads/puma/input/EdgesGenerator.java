package io.punctual.workloads.puma.input;

import java.util.SplittableRandom;

/**
 * A directed graph for PUMA's adjacency-list job, which ran on a web graph: one edge per line,
 * {@code <from>\t<to>}, nodes numbered 1..n. Sources are uniform; destinations follow Zipf's law (exponent 0.8, so
 * in-degrees have the power-law tail of web links), the popular ranks scattered over the node numbers. There are
 * about ten edges per node: n is the input's size over 150 bytes.
 */
public final class EdgesGenerator implements RecordGenerator {

    private static final long BYTES_PER_NODE = 150;
    private static final long MIN_NODES = 1_000;
    /** A prime above any node count, so multiplying by it modulo n permutes 0..n-1. */
    private static final long SCATTER = 2_654_435_761L;

    private final long nodes;
    private final Zipf popularity;

    /** Sizes the graph to {@code totalBytes}; the random source is not needed. */
    public EdgesGenerator(long totalBytes, SplittableRandom random) {
        nodes = Math.max(MIN_NODES, totalBytes / BYTES_PER_NODE);
        popularity = new Zipf(nodes, 0.8);
    }

    /** How many nodes the graph has. */
    public long nodes() {
        return nodes;
    }

    @Override
    public void append(long id, SplittableRandom random, StringBuilder out) {
        long from = 1 + random.nextLong(nodes);
        long to = 1 + (popularity.sample(random) - 1) * SCATTER % nodes;
        out.append(from).append('\t').append(to).append('\n');
    }
}
