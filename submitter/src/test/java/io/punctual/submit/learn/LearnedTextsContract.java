package io.punctual.submit.learn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * What every {@link LearnedTexts} keeps ({@link LearnedFiles} under a gateway's home, PostgreSQL for gateways
 * sharing a database), checked against each by the same tests.
 */
public abstract class LearnedTextsContract {

    /** A fresh, empty place; each call within one test reaches the same place as another process would. */
    protected abstract LearnedTexts open() throws Exception;

    @Test
    public void anUnknownNameHasNoTextAndNoVersion() throws Exception {
        LearnedTexts texts = open();
        assertThat(texts.read("justice.state")).isEmpty();
        assertThat(texts.version("justice.state")).isEmpty();
    }

    @Test
    public void aTextReadsBackWholeAndItsVersionMovesOnlyWhenItChanges() throws Exception {
        LearnedTexts texts = open();
        String text = "line one\nline two ünïcode\n";
        assertThat(texts.update("launch-overheads.txt", current -> Optional.of(text))).contains(text);
        Optional<Object> written = texts.version("launch-overheads.txt");

        assertThat(open().read("launch-overheads.txt")).as("seen by another process").contains(text);
        assertThat(written).isPresent();
        assertThat(texts.update("launch-overheads.txt", current -> current)).contains(text);
        assertThat(texts.version("launch-overheads.txt")).as("nothing changed").isEqualTo(written);
        texts.update("launch-overheads.txt", current -> Optional.of(text + "line three\n"));
        assertThat(texts.version("launch-overheads.txt")).isPresent().isNotEqualTo(written);
        assertThat(texts.read("other.txt")).as("names are apart").isEmpty();
    }

    @Test
    public void aChangeThatFailsLeavesTheTextAsItWas() throws Exception {
        LearnedTexts texts = open();
        texts.update("justice.state", current -> Optional.of("kept"));

        assertThatThrownBy(() -> texts.update("justice.state", current -> {
            throw new IllegalStateException("the change failed");
        })).hasMessageContaining("the change failed");

        assertThat(texts.read("justice.state")).contains("kept");
        assertThat(texts.update("justice.state", current -> Optional.of(current.orElse("") + "+"))).contains("kept+");
    }

    /** Two processes appending at once, as two gateways learning at once: every update is kept. */
    @Test
    public void concurrentUpdatesFromTwoPlacesLoseNothing() throws Exception {
        List<LearnedTexts> places = List.of(open(), open());
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> writers = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                LearnedTexts texts = places.get(w % 2);
                String writer = "w" + w;
                writers.add(pool.submit(() -> {
                    for (int i = 0; i < 25; i++) {
                        String line = writer + "-" + i + "\n";
                        texts.update("parallel-work.txt", current -> Optional.of(current.orElse("") + line));
                    }
                    return null;
                }));
            }
            for (Future<?> writer : writers) {
                writer.get();
            }
        } finally {
            pool.shutdownNow();
        }
        List<String> lines = open().read("parallel-work.txt").orElseThrow().lines().toList();
        assertThat(lines).hasSize(100).doesNotHaveDuplicates();
    }
}
