package io.punctual.submit.gateway;

import io.punctual.submit.config.SiteConfig;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real PostgreSQL server of the machine's own installation, in a temporary directory on a free port, that a test
 * can stop as abruptly as a crash and start again. PostgreSQL refuses to run as root, so under root it runs as the
 * {@code postgres} account Debian's package creates. {@code bin/test} installs the package when it is missing.
 */
final class LocalPostgres implements AutoCloseable {

    /** One server for a test class: {@code @RegisterExtension static final LocalPostgres.PerClass postgres}. */
    static final class PerClass implements org.junit.jupiter.api.extension.BeforeAllCallback,
            org.junit.jupiter.api.extension.AfterAllCallback {
        private LocalPostgres server;

        LocalPostgres server() {
            return server;
        }

        @Override
        public void beforeAll(org.junit.jupiter.api.extension.ExtensionContext context) throws Exception {
            server = start();
        }

        @Override
        public void afterAll(org.junit.jupiter.api.extension.ExtensionContext context) throws Exception {
            server.close();
        }
    }

    private final Path bin;
    private final Path dir;
    private final int port;
    private final boolean asPostgres;

    private LocalPostgres(Path bin, Path dir, int port, boolean asPostgres) {
        this.bin = bin;
        this.dir = dir;
        this.port = port;
        this.asPostgres = asPostgres;
    }

    static LocalPostgres start() throws IOException, InterruptedException {
        Path bin = serverBinaries().orElseThrow(() -> new IllegalStateException("PostgreSQL's server (initdb,"
                + " pg_ctl) is not installed: install Debian's postgresql package (bin/test does), or set"
                + " PUNCTUAL_TEST_PG_BIN to the directory holding initdb and pg_ctl"));
        boolean root = "root".equals(System.getProperty("user.name"));
        Path dir = Files.createTempDirectory("punctual-pg");
        if (root) {
            UserPrincipal postgres = dir.getFileSystem().getUserPrincipalLookupService()
                    .lookupPrincipalByName("postgres");
            Files.setOwner(dir, postgres);
        }
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        LocalPostgres server = new LocalPostgres(bin, dir, port, root);
        server.command("initdb", "-D", dir.resolve("data").toString(), "-U", "punctual", "--auth=trust",
                "-E", "UTF8", "--no-sync");
        server.startAgain();
        return server;
    }

    private static Optional<Path> serverBinaries() throws IOException {
        String given = System.getenv("PUNCTUAL_TEST_PG_BIN");
        if (given != null && !given.isBlank()) {
            return Optional.of(Path.of(given));
        }
        Path debian = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(debian)) {
            return Optional.empty();
        }
        try (Stream<Path> versions = Files.list(debian)) {
            return versions.map(v -> v.resolve("bin")).filter(b -> Files.isExecutable(b.resolve("pg_ctl")))
                    .max(Comparator.comparingInt(b -> Integer.parseInt(b.getParent().getFileName().toString()
                            .replaceAll("\\D", "0"))));
        }
    }

    /** Starts the server (again), on the same port and data. */
    void startAgain() throws IOException, InterruptedException {
        command("pg_ctl", "-D", dir.resolve("data").toString(), "-l", dir.resolve("server.log").toString(), "-w",
                "-o", "-p " + port + " -k " + dir + " -c listen_addresses=127.0.0.1 -c fsync=off", "start");
    }

    /** Stops the server as a crash would: no checkpoint, connections cut. */
    void crash() throws IOException, InterruptedException {
        command("pg_ctl", "-D", dir.resolve("data").toString(), "-m", "immediate", "-w", "stop");
    }

    String url() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
    }

    /** A new, empty database on this server, for one test. */
    String freshDatabase(String name) throws java.sql.SQLException {
        try (var c = java.sql.DriverManager.getConnection(url(), "punctual", "");
             var s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
            s.execute("CREATE DATABASE " + name);
        }
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + name;
    }

    SiteConfig.Database database() {
        return database(url());
    }

    /** A gateway's settings for the database at {@code jdbcUrl} on this server (one from {@link #freshDatabase}). */
    static SiteConfig.Database database(String jdbcUrl) {
        return new SiteConfig.Database(jdbcUrl, "punctual", "", 4, Duration.ofSeconds(1));
    }

    private void command(String tool, String... args) throws IOException, InterruptedException {
        List<String> line = new ArrayList<>();
        if (asPostgres) {
            line.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        line.add(bin.resolve(tool).toString());
        line.addAll(List.of(args));
        Process process = new ProcessBuilder(line).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException(tool + " failed: " + output);
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        try {
            crash();
        } catch (IllegalStateException alreadyStopped) {
            // the test stopped it itself
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        }
    }
}
