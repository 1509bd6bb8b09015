package io.punctual.workloads.puma.input;

/**
 * Pronounceable made-up words, one per frequency rank: rank r is r written in bijective base 70 with a
 * consonant-vowel syllable per digit, so the 70 most frequent words have one syllable, the next 4,900 two, and so on
 * (frequent words are short, as in real text). Every rank gives a different word, of lower-case letters only.
 */
public final class Vocabulary {

    private static final String CONSONANTS = "bdfgklmnprstvz";
    private static final String VOWELS = "aeiou";
    private static final int SYLLABLES = CONSONANTS.length() * VOWELS.length();

    private final String[] words;

    /** The words of ranks 1..size. */
    public Vocabulary(int size) {
        words = new String[size];
        for (int rank = 1; rank <= size; rank++) {
            words[rank - 1] = word(rank);
        }
    }

    /** The word of {@code rank}, 1..size. */
    public String get(long rank) {
        return words[(int) (rank - 1)];
    }

    public int size() {
        return words.length;
    }

    /** The word of any rank from 1 up. */
    public static String word(long rank) {
        if (rank < 1) {
            throw new IllegalArgumentException("ranks start at 1, got " + rank);
        }
        StringBuilder word = new StringBuilder();
        long r = rank;
        while (r > 0) {
            int syllable = (int) ((r - 1) % SYLLABLES);
            word.append(CONSONANTS.charAt(syllable / VOWELS.length())).append(VOWELS.charAt(syllable % VOWELS.length()));
            r = (r - 1) / SYLLABLES;
        }
        return word.toString();
    }
}
