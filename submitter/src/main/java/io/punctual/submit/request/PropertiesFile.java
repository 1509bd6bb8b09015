package io.punctual.submit.request;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The Spark properties file spark-submit 3.5 reads beneath a command line: {@code --properties-file}, else
 * {@code spark-defaults.conf} in {@code $SPARK_CONF_DIR}, else in {@code $SPARK_HOME/conf} (never both: a named file
 * replaces the defaults). Its {@code spark.*} entries count for less than every {@code --conf} and dedicated option,
 * as in spark-submit; other keys are dropped, as spark-submit drops them.
 *
 * @param path       the file read
 * @param properties its {@code spark.*} entries, values trimmed as spark-submit trims them
 */
public record PropertiesFile(Path path, Map<String, String> properties) {

    public PropertiesFile {
        properties = Collections.unmodifiableMap(new TreeMap<>(properties));
    }

    /**
     * The file spark-submit would read for this command line, relative paths against {@code cwd}. A named file must
     * be readable; a missing {@code spark-defaults.conf} is simply not there, as for spark-submit.
     */
    public static Optional<PropertiesFile> of(SubmitArguments args, Map<String, String> env, Path cwd) {
        return of(args.option("--properties-file"), env, cwd);
    }

    /** As {@link #of(SubmitArguments, Map, Path)}, for a command that takes only {@code --properties-file}. */
    public static Optional<PropertiesFile> of(Optional<String> named, Map<String, String> env, Path cwd) {
        if (named.isPresent()) {
            return Optional.of(read(cwd.resolve(named.get()), "--properties-file"));
        }
        // As Spark's Utils.getDefaultPropertiesFile: SPARK_CONF_DIR, when set, is the only place looked at.
        Optional<Path> dir = Optional.ofNullable(env.get("SPARK_CONF_DIR")).map(Path::of)
                .or(() -> Optional.ofNullable(env.get("SPARK_HOME")).map(home -> Path.of(home, "conf")));
        return dir.map(d -> cwd.resolve(d).resolve("spark-defaults.conf")).filter(Files::isRegularFile)
                .map(file -> read(file, "spark-defaults.conf"));
    }

    /** @param role how the file was named, so the message says which setting to change */
    static PropertiesFile read(Path file, String role) {
        if (!Files.isRegularFile(file)) {
            throw new InvalidRequest("cannot read the Spark properties file " + file + " (" + role + "): "
                    + (Files.exists(file) ? "it is not a regular file" : "it does not exist")
                    + "; name an existing file of spark.* properties");
        }
        Properties loaded = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            loaded.load(reader);
        } catch (IOException | IllegalArgumentException e) {
            throw new InvalidRequest("cannot read the Spark properties file " + file + " (" + role + "): "
                    + e.getMessage() + "; fix or remove it");
        }
        Map<String, String> spark = new TreeMap<>();
        for (String key : loaded.stringPropertyNames()) {
            if (key.startsWith("spark.")) {
                spark.put(key, loaded.getProperty(key).strip());
            }
        }
        return new PropertiesFile(file, spark);
    }

    /** The command line with this file's properties beneath its own {@code --conf} entries. */
    public SubmitArguments under(SubmitArguments args) {
        Map<String, String> conf = new java.util.LinkedHashMap<>(properties);
        conf.putAll(args.conf());
        return new SubmitArguments(args.sparkOptions(), conf, args.primaryResource(), args.appArgs(),
                args.embedded());
    }
}
