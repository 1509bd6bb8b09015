package io.punctual.submit.home;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * What this build is: Punctual's version and the Spark and Hadoop versions it was built against, written into the
 * class path by Maven ({@code punctual/version.properties}), so {@code --version} and the gateway's
 * {@code GET /version} say the same thing.
 */
public record BuildVersion(String punctual, String spark, String hadoop) {

    private static final String RESOURCE = "/punctual/version.properties";
    /** The build does not change while it runs: read once, not on every {@code GET /version}. */
    private static final BuildVersion CURRENT = read();

    public static BuildVersion current() {
        return CURRENT;
    }

    private static BuildVersion read() {
        Properties properties = new Properties();
        try (InputStream in = BuildVersion.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + RESOURCE + " from the class path", e);
        }
        return new BuildVersion(value(properties, "version"), value(properties, "spark"),
                value(properties, "hadoop"));
    }

    /** An unfiltered file (a build outside Maven) says so instead of printing a placeholder. */
    private static String value(Properties properties, String key) {
        String value = properties.getProperty(key, "");
        return value.isBlank() || value.startsWith("${") ? "unknown" : value;
    }
}
