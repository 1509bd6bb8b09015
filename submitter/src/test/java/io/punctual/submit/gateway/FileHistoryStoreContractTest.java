package io.punctual.submit.gateway;

import io.punctual.history.run.RunRecord;
import io.punctual.history.store.FileHistoryStore;
import io.punctual.history.store.HistoryStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The history store under a home, held to the contract the database's store keeps. */
class FileHistoryStoreContractTest extends HistoryStoreContract {

    private Path root() {
        return tmp.resolve("home/history");
    }

    @Override
    HistoryStore open() {
        return FileHistoryStore.open(root());
    }

    /** Cuts the run's file in half, as a disk that filled up mid-write would. */
    @Override
    void damage(RunRecord run) throws Exception {
        try (Stream<Path> files = Files.walk(root().resolve("runs"))) {
            Path file = files.filter(p -> p.getFileName().toString().endsWith(".run")).findFirst().orElseThrow();
            byte[] bytes = Files.readAllBytes(file);
            Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        }
    }
}
