package io.punctual.submit.learn;

import io.punctual.sizing.justice.DecodedState;
import io.punctual.sizing.justice.ErrorSmoothing;
import io.punctual.sizing.justice.JusticeState;
import io.punctual.sizing.justice.JusticeStateCodec;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Justice's learned state ({@code justice.state} among the {@link LearnedTexts}), so it survives restarts and is the
 * same for every gateway sharing the texts. A corrupt state is reported and learning starts over rather than trusting
 * it.
 */
final class StoredJusticeState {

    static final String NAME = "justice.state";
    private static final Logger LOG = LoggerFactory.getLogger(StoredJusticeState.class);

    private final LearnedTexts texts;
    private final ErrorSmoothing smoothing;

    StoredJusticeState(LearnedTexts texts, ErrorSmoothing smoothing) {
        this.texts = texts;
        this.smoothing = smoothing;
    }

    JusticeState read() {
        return decode(texts.read(NAME));
    }

    private JusticeState decode(Optional<String> text) {
        if (text.isEmpty()) {
            return JusticeState.initial(smoothing);
        }
        DecodedState decoded = JusticeStateCodec.decode(text.get());
        if (decoded instanceof DecodedState.Decoded ok) {
            return ok.state().withSmoothing(smoothing);
        }
        LOG.warn("Justice's state in {} is corrupt ({}); learning starts over", texts,
                ((DecodedState.Corrupt) decoded).reason());
        return JusticeState.initial(smoothing);
    }

    /** Applies {@code change} to the stored state atomically and returns the new state. */
    JusticeState update(UnaryOperator<JusticeState> change) {
        JusticeState[] next = new JusticeState[1];
        texts.update(NAME, text -> {
            next[0] = change.apply(decode(text));
            return Optional.of(JusticeStateCodec.encode(next[0]));
        });
        return next[0];
    }
}
