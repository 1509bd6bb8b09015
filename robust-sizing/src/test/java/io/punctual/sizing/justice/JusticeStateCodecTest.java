package io.punctual.sizing.justice;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

class JusticeStateCodecTest {

    private static final JusticeState LEARNED = JusticeStateTest.equalWeightsAfter(JusticeStateTest.JOB_1,
            JusticeStateTest.JOB_2);

    /** Seals a hand-written body with its checksum, to test the field checks behind the checksum. */
    private static String sealed(String body) {
        CRC32 crc = new CRC32();
        crc.update(body.getBytes(StandardCharsets.UTF_8));
        return body + String.format("crc32=%08x", crc.getValue());
    }

    private static String corruptReason(String text) {
        DecodedState decoded = JusticeStateCodec.decode(text);
        assertThat(decoded).isInstanceOf(DecodedState.Corrupt.class);
        return ((DecodedState.Corrupt) decoded).reason();
    }

    @Test
    void encodesReadableVersionedLines() {
        String text = JusticeStateCodec.encode(JusticeState.initial(new ErrorSmoothing.Exponential(0.25)));

        assertThat(text).startsWith("justice-state v1\nsmoothing=exponential:0.25\ntracked=0\n")
                .contains("\nrecentErrors=\n").containsPattern("\ncrc32=[0-9a-f]{8}$");
    }

    @Test
    void readsBackAnEqualStateAlsoWithATrailingNewline() {
        String text = JusticeStateCodec.encode(LEARNED);

        assertThat(JusticeStateCodec.decode(text)).isEqualTo(new DecodedState.Decoded(LEARNED));
        assertThat(JusticeStateCodec.decode(text + "\n")).isEqualTo(new DecodedState.Decoded(LEARNED));
    }

    @Test
    void refusesOtherVersionsAndForeignText() {
        String v2 = JusticeStateCodec.encode(LEARNED).replace("justice-state v1", "justice-state v2");

        assertThat(corruptReason(v2)).contains("unsupported", "v2", "justice-state v1");
        assertThat(corruptReason("{\"json\": true}")).contains("not a Justice state");
        assertThat(corruptReason("")).contains("empty");
    }

    @Test
    void refusesEditedOrTruncatedText() {
        String text = JusticeStateCodec.encode(LEARNED);

        assertThat(corruptReason(text.replace("tracked=2", "tracked=3"))).contains("checksum");
        assertThat(corruptReason(text.substring(0, text.indexOf("crc32=")))).contains("no crc32= line");
    }

    @Test
    void refusesWellSealedTextThatBreaksTheStatesRules() {
        String good = JusticeStateCodec.encode(LEARNED);
        String body = good.substring(0, good.indexOf("crc32="));

        assertThat(corruptReason(sealed(body.replace("smoothing=equal", "smoothing=median"))))
                .contains("unknown smoothing 'median'");
        assertThat(corruptReason(sealed(body.replaceFirst("minFraction=[^\n]*", "minFraction=0.9"))))
                .contains("minFraction ≤ maxFraction");
        assertThat(corruptReason(sealed(body.replaceFirst("lastSuccess=true", "lastSuccess=yes"))))
                .contains("lastSuccess 'yes'");
        assertThat(corruptReason(sealed(body.replaceFirst("tracked=2\n", "")))).contains("missing key 'tracked'");
        assertThat(corruptReason(sealed(body + "tracked=2\n"))).contains("appears twice");
        assertThat(corruptReason(sealed(body.replaceFirst("smoothedError=[^\n]*", "smoothedError=NaN"))))
                .contains("not a finite number");
        assertThat(corruptReason(sealed(body.replaceFirst("tracked=2", "tracked=1")))).contains("newest 1 errors");
    }
}
