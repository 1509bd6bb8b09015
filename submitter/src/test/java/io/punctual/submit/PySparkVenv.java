package io.punctual.submit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A virtual environment with the pip package of the pyspark Punctual runs, made once per machine under
 * {@code ${XDG_CACHE_HOME:-~/.cache}/punctual/} and reused by every later test run (the wheel is ~300 MB; a fresh
 * install took 50 s here). Tests that run real Python applications ask for it: a fresh clone needs no manual step,
 * only python3 with its venv module (bin/test installs Debian's python3-venv when it is missing) and PyPI.
 */
public final class PySparkVenv {

    public static final String PYSPARK = "3.5.6";

    private PySparkVenv() {
    }

    /** The venv's python, installing pyspark first when no complete venv is cached. */
    public static Path python() {
        Path dir = cacheRoot().resolve("pyspark-" + PYSPARK + "-venv");
        Path python = dir.resolve("bin/python");
        Path complete = dir.resolve(".punctual-complete");
        try {
            Files.createDirectories(dir.getParent());
            try (FileChannel lock = FileChannel.open(dir.getParent().resolve("pyspark-" + PYSPARK + ".lock"),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                lock.lock(); // released when the channel closes: another build on this machine waits here
                if (!Files.exists(complete)) {
                    install(dir);
                    Files.writeString(complete, "pyspark==" + PYSPARK + "\n");
                }
            }
            return python;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the pyspark venv under " + dir + ": " + e.getMessage(), e);
        }
    }

    private static Path cacheRoot() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path cache = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return cache.resolve("punctual");
    }

    private static void install(Path dir) throws IOException {
        long start = System.nanoTime();
        run(List.of("python3", "-m", "venv", "--clear", dir.toString()), dir.getParent(),
                "python3 -m venv failed: install python3 with its venv module (Debian: apt-get install python3-venv)");
        run(List.of(dir.resolve("bin/python").toString(), "-m", "pip", "install", "--disable-pip-version-check",
                "--quiet", "pyspark==" + PYSPARK), dir.getParent(), "pip install pyspark==" + PYSPARK
                + " failed (is PyPI reachable?)");
        System.out.printf("PySparkVenv: installed pyspark==%s into %s in %.1f s%n", PYSPARK, dir,
                (System.nanoTime() - start) / 1e9);
    }

    private static void run(List<String> command, Path cwd, String failure) throws IOException {
        Path log = Files.createTempFile(cwd, "pyspark-venv", ".log");
        Process process = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        try {
            if (!process.waitFor(10, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IOException(failure + ": still running after 10 minutes");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IOException(failure + ": interrupted", e);
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        Files.deleteIfExists(log);
        if (process.exitValue() != 0) {
            throw new IOException(failure + " (exit " + process.exitValue() + "): " + output.strip());
        }
    }
}
