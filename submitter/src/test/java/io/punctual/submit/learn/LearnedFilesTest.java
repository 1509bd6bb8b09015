package io.punctual.submit.learn;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The learned texts as files in a gateway's state directory, as two gateways sharing a home see them. */
class LearnedFilesTest extends LearnedTextsContract {

    @TempDir
    Path dir;

    @Override
    protected LearnedTexts open() {
        return new LearnedFiles(dir.resolve("state"));
    }
}
