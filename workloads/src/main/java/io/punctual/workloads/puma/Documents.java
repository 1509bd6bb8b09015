package io.punctual.workloads.puma;

import java.util.ArrayList;
import java.util.List;

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
        String text = text(line);
        List<String> words = new ArrayList<>();
        int start = -1;
        for (int i = 0; i <= text.length(); i++) {
            boolean space = i == text.length() || Character.isWhitespace(text.charAt(i));
            if (space && start >= 0) {
                words.add(text.substring(start, i));
                start = -1;
            } else if (!space && start < 0) {
                start = i;
            }
        }
        return words;
    }
}
