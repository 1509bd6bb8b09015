package io.punctual.workloads.puma.input;

import java.util.SplittableRandom;

/**
 * Text documents for PUMA's text jobs (word count, grep, the inverted indexes, term vector, sequence count), which
 * ran on Wikipedia pages: one document per line, {@code <host>/<n>\t<words>}. Words follow Zipf's law over a fixed
 * vocabulary; a document has 50 to 350 of them (about 1 KB); its host is one of 64, which gives the term-vector job
 * its "per host" groups and the index jobs a document id to list.
 */
public final class DocumentsGenerator implements RecordGenerator {

    /** How many different words the text uses. */
    public static final int VOCABULARY_SIZE = 50_000;
    /** How many hosts the documents are spread over. */
    public static final int HOSTS = 64;

    private static final int MIN_WORDS = 50;
    private static final int MAX_WORDS = 350;

    private final Vocabulary vocabulary = new Vocabulary(VOCABULARY_SIZE);
    private final Zipf ranks = new Zipf(VOCABULARY_SIZE, 1.0);

    /** The arguments are those of {@link InputKind#generator}; documents need neither. */
    public DocumentsGenerator(long totalBytes, SplittableRandom random) {
    }

    @Override
    public void append(long id, SplittableRandom random, StringBuilder out) {
        int host = random.nextInt(HOSTS);
        out.append('h').append(host < 10 ? "0" : "").append(host).append('/').append(id).append('\t');
        int words = random.nextInt(MIN_WORDS, MAX_WORDS + 1);
        for (int i = 0; i < words; i++) {
            if (i > 0) {
                out.append(' ');
            }
            out.append(vocabulary.get(ranks.sample(random)));
        }
        out.append('\n');
    }
}
