package io.punctual.submit.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** A configuration directory written by a test: a site file and team files, each from a string. */
final class ConfDir {

    final Path dir;

    ConfDir(Path dir) {
        this.dir = dir;
        write("site.conf", "");
    }

    /** A valid team with the given name, token suffix and queue capacity. */
    static String team(String name, String token, int capacity) {
        return "punctual.team {\n  name = " + name + "\n  token = \"" + token + "-0123456789abcdef\"\n"
                + "  queue.capacity = " + capacity + "\n}\n";
    }

    ConfDir site(String text) {
        return write("site.conf", text);
    }

    ConfDir teamFile(String file, String text) {
        return write("teams/" + file, text);
    }

    ConfDir write(String relative, String text) {
        try {
            Path file = dir.resolve(relative);
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    LoadResult load() {
        return ConfigLoader.load(dir, Map.of());
    }

    PunctualConfig valid() {
        LoadResult result = load();
        if (result instanceof LoadResult.Invalid invalid) {
            throw new AssertionError("expected a valid configuration, got " + invalid.problems());
        }
        return ((LoadResult.Loaded) result).config();
    }

    List<ConfigProblem> problems() {
        LoadResult result = load();
        if (result instanceof LoadResult.Loaded) {
            throw new AssertionError("expected problems, but the configuration loaded");
        }
        return ((LoadResult.Invalid) result).problems();
    }

    /** The problems as the user sees them, one string each. */
    List<String> messages() {
        return problems().stream().map(ConfigProblem::toString).toList();
    }
}
