package io.punctual.workloads.puma;

import java.util.ArrayList;
import java.util.List;
import java.util.StringTokenizer;

/**
 * The documents input as PUMA's text jobs read it: one document per line, {@code <id>\t<words>}, the id being
 * {@code <host>/<n>} (see {@link io.punctual.workloads.puma.input.DocumentsGenerator}). Words are the text's
 * whitespace-separated tokens. A line without a tab is a document with an empty id.
 */
final class Documents {

    private Documents() {
    }

    /** The document's id. */
    static String id(String line) {
        int tab = line.indexOf('\t');
        return tab < 0 ? "" : line.substring(0, tab);
    }

    /** The host a document comes from: its id up to the first {@code /} (the whole id if it has none). */
    static String host(String line) {
        String id = id(line);
        int slash = id.indexOf('/');
        return slash < 0 ? id : id.substring(0, slash);
    }

    /** The document's text, after the id. */
    static String text(String line) {
        return line.substring(line.indexOf('\t') + 1);
    }

    /** The document's words, in order. */
    static List<String> words(String line) {
        StringTokenizer tokens = new StringTokenizer(text(line));
        List<String> words = new ArrayList<>();
        while (tokens.hasMoreTokens()) {
            words.add(tokens.nextToken());
        }
        return words;
    }
}
