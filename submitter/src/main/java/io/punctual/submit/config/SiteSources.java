package io.punctual.submit.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigOrigin;
import com.typesafe.config.ConfigOriginFactory;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueFactory;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Supplier;

/**
 * Where the site level's layers come from under Typesafe Config's conventions (see {@link ConfigLoader}): the
 * {@code -Dpunctual.<key>} system properties, the site file ({@code -Dconfig.file}, {@code -Dconfig.resource},
 * {@code -Dconfig.url}, else {@code site.conf}) and {@code application.conf} on the class path. Each is parsed with
 * its problems named by where it came from; {@link ConfigLoader} merges and validates them.
 */
final class SiteSources {

    private static final String PREFIX = "punctual.";
    private static final String CONFIG_FILE = "config.file";
    private static final String CONFIG_RESOURCE = "config.resource";
    private static final String CONFIG_URL = "config.url";

    private SiteSources() {
    }

    /**
     * The site file as parsed, how problems name it, and the file name the parser recorded for it (to tell its own
     * values from included ones; null when it has none, e.g. an http URL).
     */
    record SiteFile(Config parsed, String shown, String parsedName) {
    }

    /** A copy, so that a property set while loading cannot change the outcome half-way. */
    static Properties snapshot(Properties properties) {
        Properties copy = new Properties();
        for (String name : properties.stringPropertyNames()) {
            String value = properties.getProperty(name);
            if (value != null) {
                copy.setProperty(name, value);
            }
        }
        return copy;
    }

    /**
     * The {@code punctual.*} system properties as a configuration tree, parsed the way {@code
     * ConfigFactory.systemProperties()} parses them. {@link ConfigReader} names a value's source by its origin's file
     * name, and a system property has none: every value and object here carries
     * {@value ConfigLoader#SYSTEM_PROPERTY} as its file name, so that problems and {@code explain} say where it came
     * from.
     */
    static Config systemProperties(Properties properties, List<ConfigProblem> problems) {
        Properties punctual = new Properties();
        for (String name : properties.stringPropertyNames()) {
            if (name.startsWith(PREFIX) && !ConfigLoader.LAUNCHER_PROPERTIES.contains(name)) {
                punctual.setProperty(name, properties.getProperty(name));
            }
        }
        Config parsed = ConfigFactory.parseProperties(punctual,
                ConfigParseOptions.defaults().setOriginDescription("system properties"));
        String sparkConf = "punctual.job." + LayerReader.SPARK_CONF;
        if (parsed.hasPathOrNull(sparkConf)) {
            problems.add(ConfigProblem.at(ConfigLoader.SYSTEM_PROPERTY, -1, sparkConf, "a system property cannot set"
                    + " Spark properties: every dot in its name makes a path, so \"spark.sql.shuffle.partitions\" cannot be"
                    + " one key; set them in the site file's " + sparkConf + " { \"spark.…\" = … }"));
            parsed = parsed.withoutPath(sparkConf);
        }
        ConfigOrigin origin = ConfigOriginFactory.newFile(ConfigLoader.SYSTEM_PROPERTY);
        return ((ConfigObject) labelled(parsed.root(), origin)).toConfig();
    }

    private static ConfigValue labelled(ConfigValue value, ConfigOrigin origin) {
        if (value instanceof ConfigObject object) {
            Map<String, ConfigValue> children = new LinkedHashMap<>();
            object.forEach((key, child) -> children.put(key, labelled(child, origin)));
            return ConfigValueFactory.fromMap(children).withOrigin(origin);
        }
        return value.withOrigin(origin);
    }

    /**
     * {@code application.conf}, {@code .json} and {@code .properties} on the class path, as {@code
     * ConfigFactory.parseResourcesAnySyntax("application")} finds them; only their {@code punctual} object, since
     * other libraries in the same JVM may keep their own settings there. Empty (with a problem) when one does not
     * parse.
     */
    static Optional<Config> application(ClassLoader classPath, List<ConfigProblem> problems) {
        try {
            return Optional.of(ConfigFactory.parseResourcesAnySyntax(classPath, "application",
                    ConfigParseOptions.defaults()).withOnlyPath("punctual"));
        } catch (ConfigException e) {
            problems.add(ConfigLoader.fromException(null, "application.conf", e));
            return Optional.empty();
        }
    }

    /** The site file: {@code -Dconfig.file}, {@code -Dconfig.resource} or {@code -Dconfig.url}, else site.conf. */
    static Optional<SiteFile> siteFile(Path siteConf, String siteConfShown, Properties properties,
                                       ClassLoader classPath, List<ConfigProblem> problems) {
        Map<String, String> named = new LinkedHashMap<>();
        for (String key : List.of(CONFIG_FILE, CONFIG_RESOURCE, CONFIG_URL)) {
            Optional.ofNullable(properties.getProperty(key)).ifPresent(value -> named.put(key, value));
        }
        String instead = "the site file to read instead of " + siteConfShown;
        if (named.size() > 1) {
            List<String> given = named.entrySet().stream().map(e -> "-D" + e.getKey() + "=" + e.getValue()).toList();
            problems.add(ConfigProblem.at(ConfigLoader.SYSTEM_PROPERTY, -1, "", "each of " + String.join(", ", given)
                    + " names " + instead + "; set only one of them"));
            return Optional.empty();
        }
        ConfigParseOptions options = ConfigParseOptions.defaults().setAllowMissing(false);
        if (named.containsKey(CONFIG_FILE)) {
            String given = named.get(CONFIG_FILE);
            Path file;
            try {
                file = startedFrom(properties).resolve(given);
            } catch (InvalidPathException e) {
                problems.add(ConfigProblem.at(given, -1, "", "-D" + CONFIG_FILE + " names " + instead
                        + ", but this is not a file name: " + e.getMessage()));
                return Optional.empty();
            }
            if (!Files.isRegularFile(file)) {
                problems.add(ConfigProblem.at(given, -1, "", "no such file: -D" + CONFIG_FILE + " names " + instead
                        + (file.toString().equals(given) ? "" : " (looked for " + file + ")")));
                return Optional.empty();
            }
            return parse(() -> ConfigFactory.parseFile(file.toFile(), options), file.toString(), given, problems);
        }
        if (named.containsKey(CONFIG_RESOURCE)) {
            String given = named.get(CONFIG_RESOURCE);
            String resource = given.startsWith("/") ? given.substring(1) : given;
            URL url = classPath.getResource(resource);
            if (url == null) {
                problems.add(ConfigProblem.at(given, -1, "", "no such resource on the class path: -D"
                        + CONFIG_RESOURCE + " names " + instead));
                return Optional.empty();
            }
            return fromUrl(url, given, options, problems);
        }
        if (named.containsKey(CONFIG_URL)) {
            String given = named.get(CONFIG_URL);
            try {
                return fromUrl(new URI(given).toURL(), given, options, problems);
            } catch (URISyntaxException | MalformedURLException | IllegalArgumentException e) {
                problems.add(ConfigProblem.at(given, -1, "", "-D" + CONFIG_URL + " names " + instead
                        + ", but this is not a URL: " + e.getMessage()));
                return Optional.empty();
            }
        }
        Path file = siteConf;
        String shown = siteConfShown;
        if (!Files.isRegularFile(file)) {
            problems.add(ConfigProblem.at(shown, -1, "", "missing: every configuration directory needs a"
                    + " site file (it may be empty, leaving every setting at its reference.conf default)"));
            return Optional.empty();
        }
        return parse(() -> ConfigFactory.parseFile(file.toFile(), ConfigLoader.PARSE), file.toString(), shown,
                problems);
    }

    /**
     * A site file behind a URL. Typesafe Config reads a {@code file:} URL as that file, so its values carry the
     * file's name; any other URL's values carry none.
     */
    private static Optional<SiteFile> fromUrl(URL url, String shown, ConfigParseOptions options,
                                              List<ConfigProblem> problems) {
        String parsedName = null;
        if ("file".equals(url.getProtocol())) {
            try {
                Path file = Path.of(url.toURI());
                if (!Files.isRegularFile(file)) {
                    problems.add(ConfigProblem.at(shown, -1, "", "no such file: " + file));
                    return Optional.empty();
                }
                parsedName = file.toFile().getPath();
            } catch (URISyntaxException | IllegalArgumentException e) {
                problems.add(ConfigProblem.at(shown, -1, "", "not a file URL: " + e.getMessage()));
                return Optional.empty();
            }
        }
        return parse(() -> ConfigFactory.parseURL(url, options), parsedName, shown, problems);
    }

    /** Where a relative {@code -Dconfig.file} starts: where the user ran punctual ({@code bin/punctual} says). */
    private static Path startedFrom(Properties properties) {
        String cwd = properties.getProperty("punctual.cwd", properties.getProperty("user.dir"));
        return cwd == null ? Path.of("").toAbsolutePath() : Path.of(cwd);
    }

    private static Optional<SiteFile> parse(Supplier<Config> parser, String parsedName, String shown,
                                            List<ConfigProblem> problems) {
        try {
            return Optional.of(new SiteFile(parser.get(), shown, parsedName));
        } catch (ConfigException e) {
            problems.add(ConfigLoader.fromException(parsedName, shown, e));
            return Optional.empty();
        }
    }
}
