package io.punctual.workloads.puma.input;

import java.util.SplittableRandom;

/**
 * The kinds of input the PUMA jobs read; jobs of one kind share one copy of it. The name is the input's directory.
 */
public enum InputKind {
    /** Text documents with ids and hosts: {@link DocumentsGenerator}. */
    DOCUMENTS("documents", DocumentsGenerator::new),
    /** Movies with their ratings: {@link RatingsGenerator}. */
    RATINGS("ratings", RatingsGenerator::new),
    /** Graph edges: {@link EdgesGenerator}. */
    EDGES("edges", EdgesGenerator::new),
    /** k-item sets: {@link ItemsetsGenerator}. */
    ITEMSETS("itemsets", ItemsetsGenerator::new),
    /** Fixed-size keyed records: {@link TeraRecordsGenerator}. */
    TERA_RECORDS("terarecords", TeraRecordsGenerator::new);

    /** How a generator is built: for an input of about {@code totalBytes}, global parameters from {@code random}. */
    @FunctionalInterface
    private interface Factory {
        RecordGenerator create(long totalBytes, SplittableRandom random);
    }

    private final String dirName;
    private final Factory factory;

    InputKind(String dirName, Factory factory) {
        this.dirName = dirName;
        this.factory = factory;
    }

    /** The input's directory name under {@code <data root>/puma/}. */
    public String dirName() {
        return dirName;
    }

    /** A generator for an input of about {@code totalBytes}, its global parameters drawn from {@code random}. */
    public RecordGenerator generator(long totalBytes, SplittableRandom random) {
        return factory.create(totalBytes, random);
    }
}
