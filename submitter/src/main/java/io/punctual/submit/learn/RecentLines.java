package io.punctual.submit.learn;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The newest lines something learned, at most {@code kept}, as one of the {@link LearnedTexts}. */
final class RecentLines {

    private final LearnedTexts texts;
    private final String name;
    private final int kept;

    RecentLines(LearnedTexts texts, String name, int kept) {
        this.texts = texts;
        this.name = name;
        this.kept = kept;
    }

    /** What identifies the current lines without reading them; empty when there are none. */
    Optional<Object> version() {
        return texts.version(name);
    }

    List<String> read() {
        return lines(texts.read(name));
    }

    private static List<String> lines(Optional<String> text) {
        return text.map(t -> t.lines().map(String::trim).filter(l -> !l.isEmpty()).toList()).orElse(List.of());
    }

    void append(String line) {
        texts.update(name, text -> {
            List<String> values = new ArrayList<>(lines(text));
            values.add(line);
            List<String> newest = values.subList(Math.max(0, values.size() - kept), values.size());
            return Optional.of(String.join("\n", newest) + "\n");
        });
    }

    @Override
    public String toString() {
        return read().toString();
    }
}
