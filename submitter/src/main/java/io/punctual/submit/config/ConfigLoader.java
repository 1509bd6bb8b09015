package io.punctual.submit.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigOrigin;
import com.typesafe.config.ConfigOriginFactory;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigResolveOptions;
import com.typesafe.config.ConfigSyntax;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueFactory;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * Loads a configuration directory — the site level, and every {@code teams/*.conf} — and validates all of it,
 * collecting every problem rather than stopping at the first.
 *
 * <p>The site level follows Typesafe Config's own conventions ({@code ConfigFactory.load}), with the site file in
 * the place of {@code application.conf}. Highest first:
 * <ol>
 *   <li>system properties {@code -Dpunctual.<key>=<value>} (only keys under {@code punctual.}; the launchers' own
 *       {@link #LAUNCHER_PROPERTIES} are not settings). Problems and {@code explain} name them
 *       {@value #SYSTEM_PROPERTY};</li>
 *   <li>the site file: {@code <dir>/site.conf}, or instead the file named by {@code -Dconfig.file} (relative to the
 *       directory Punctual was started from), the class path resource named by {@code -Dconfig.resource}, or the
 *       URL named by {@code -Dconfig.url} — at most one of the three. {@code <dir>/site.conf} is then not read;</li>
 *   <li>{@code application.conf} (and {@code .json}, {@code .properties}) on the class path, its {@code punctual}
 *       object only;</li>
 *   <li>{@code reference.conf} on the class path, its {@code punctual} object only.</li>
 * </ol>
 * Unlike {@code ConfigFactory.load}, {@code -Dconfig.file} replaces the site file but not {@code application.conf}:
 * the class path files are the build's defaults, the site file is the installation's. Every level is validated the
 * same way, and each problem names where the value came from: the file and line, the class path resource, or the
 * system property. Per-job settings from the system properties, the site file and its includes are the
 * {@link Level#SITE} level; those from the class path ({@code application.conf} and {@code reference.conf}) the
 * {@link Level#REFERENCE} level. Teams ({@code <dir>/teams/*.conf}) override the per-job settings for their own
 * jobs, as before; system properties do not reach them.
 *
 * <p>Unknown keys are errors, not warnings: a misspelt {@code confidnce = 0.99} would otherwise leave the job at the
 * default confidence while its team believes otherwise, and the first sign would be a missed deadline. Each
 * error names the nearest known key.
 *
 * <p>Team files are read one by one rather than {@code include}d into the site file, so that each team's
 * {@code punctual.team} stays its own and every error names the right file. A team file may itself {@code include}
 * other files. Substitutions such as {@code token = ${?FINANCE_TOKEN}} resolve against the file and the given
 * environment, so tokens can stay out of the repository.
 */
public final class ConfigLoader {

    public static final String SITE_FILE = "site.conf";
    public static final String TEAMS_DIR = "teams";

    /** How problems and {@code explain} name a value that a {@code -Dpunctual.<key>=<value>} system property set. */
    public static final String SYSTEM_PROPERTY = "system property (-D)";

    /**
     * System properties under {@code punctual.} that are not settings: {@code bin/punctual}, {@code Main} and the
     * build set them for themselves. Every other {@code punctual.*} system property is a setting, and an unknown one
     * is an error.
     */
    public static final Set<String> LAUNCHER_PROPERTIES = Set.of("punctual.install", "punctual.cwd",
            "punctual.log.dir", "punctual.shared.dir");

    private static final String PREFIX = "punctual.";
    private static final String CONFIG_FILE = "config.file";
    private static final String CONFIG_RESOURCE = "config.resource";
    private static final String CONFIG_URL = "config.url";

    private static final ConfigParseOptions PARSE = ConfigParseOptions.defaults().setAllowMissing(false)
            .setSyntax(ConfigSyntax.CONF);

    /**
     * Where Typesafe Config's conventions look: the system properties ({@code -Dpunctual.<key>}, {@code
     * -Dconfig.file}, …) and the class path ({@code application.conf}, {@code reference.conf}).
     */
    public record Conventions(Properties systemProperties, ClassLoader classLoader) {

        public Conventions {
            Objects.requireNonNull(systemProperties, "systemProperties");
            Objects.requireNonNull(classLoader, "classLoader");
        }

        /** This JVM's system properties, read at each load, and the class path Punctual was loaded from. */
        public static Conventions ofThisJvm() {
            return new Conventions(System.getProperties(), ConfigLoader.class.getClassLoader());
        }
    }

    private ConfigLoader() {
    }

    /**
     * Loads with this JVM's system properties and class path ({@link Conventions#ofThisJvm()}).
     *
     * @param dir the configuration directory; file names in problems start with it as given
     * @param env environment variables for {@code ${?VAR}} substitutions
     */
    public static LoadResult load(Path dir, Map<String, String> env) {
        return load(dir, dir, env);
    }

    /**
     * Loads with this JVM's system properties and class path ({@link Conventions#ofThisJvm()}).
     *
     * @param dir     the configuration directory to read
     * @param shownAs how problems name it, e.g. the relative path the user typed when {@code dir} is absolute
     * @param env     environment variables for {@code ${?VAR}} substitutions
     */
    public static LoadResult load(Path dir, Path shownAs, Map<String, String> env) {
        return load(dir, shownAs, env, Conventions.ofThisJvm());
    }

    /**
     * @param dir         the configuration directory to read
     * @param shownAs     how problems name it, e.g. the relative path the user typed when {@code dir} is absolute
     * @param env         environment variables for {@code ${?VAR}} substitutions
     * @param conventions the system properties and class path to apply Typesafe Config's conventions with
     */
    public static LoadResult load(Path dir, Path shownAs, Map<String, String> env, Conventions conventions) {
        Objects.requireNonNull(conventions, "conventions");
        List<ConfigProblem> problems = new ArrayList<>();
        List<ConfigProblem> warnings = new ArrayList<>();
        Layout layout = new Layout(dir, shownAs);
        if (!Files.isDirectory(dir)) {
            problems.add(ConfigProblem.at(shownAs.toString(), -1, "", "no such directory; expected a configuration"
                    + " directory holding " + SITE_FILE + " and " + TEAMS_DIR + "/<team>.conf"));
            return new LoadResult.Invalid(problems);
        }
        Config environment = ConfigValueFactory.fromMap(env).toConfig();
        Optional<SiteReader.Site> site = readSite(layout, conventions, environment, problems);
        List<TeamReader.TeamFile> teams = readTeams(layout, environment, problems, warnings);
        TeamChecks.check(layout.shown(TEAMS_DIR), teams, site.map(s -> s.config().cluster()), problems);
        if (!problems.isEmpty() || site.isEmpty()) {
            return new LoadResult.Invalid(inReadingOrder(problems));
        }
        List<TeamConfig> valid = teams.stream().map(t -> t.team().orElseThrow()).toList();
        return new LoadResult.Loaded(new PunctualConfig(site.get().config(), site.get().site(),
                site.get().reference(), valid, warnings));
    }

    /** Where a file under the directory is read from, and how problems name it. */
    private record Layout(Path dir, Path shownAs) {

        Path real(String relative) {
            return dir.resolve(relative);
        }

        String shown(String relative) {
            return shownAs.resolve(relative).toString();
        }
    }

    /**
     * The site file as parsed, how problems name it, and the file name the parser recorded for it (to tell its own
     * values from included ones; null when it has none, e.g. an http URL).
     */
    private record SiteFile(Config parsed, String shown, String parsedName) {
    }

    /** System properties over the site file over application.conf over reference.conf, resolved and read. */
    private static Optional<SiteReader.Site> readSite(Layout layout, Conventions conventions, Config environment,
                                                      List<ConfigProblem> problems) {
        Properties properties = snapshot(conventions.systemProperties());
        ClassLoader classPath = conventions.classLoader();
        Optional<SiteFile> site = siteFile(layout, properties, classPath, problems);
        Optional<Config> application = application(classPath, problems);
        Config overrides = systemProperties(properties, problems);
        Config reference = ConfigFactory.parseResources(classPath, "reference.conf").withOnlyPath("punctual");
        if (site.isEmpty() || application.isEmpty()) {
            return Optional.empty();
        }
        SiteFile file = site.get();
        Config merged = overrides.withFallback(file.parsed()).withFallback(application.get()).withFallback(reference);
        return resolve(merged, file.parsed().root().keySet(), file.parsedName(), file.shown(), environment, problems)
                .flatMap(config -> SiteReader.read(new ConfigReader(config, file.shown(),
                        Objects.requireNonNullElse(file.parsedName(), ""), problems)));
    }

    /** A copy, so that a property set while loading cannot change the outcome half-way. */
    private static Properties snapshot(Properties properties) {
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
     * name, and a system property has none: every value and object here carries {@value #SYSTEM_PROPERTY} as its
     * file name, so that problems and {@code explain} say where it came from.
     */
    private static Config systemProperties(Properties properties, List<ConfigProblem> problems) {
        Properties punctual = new Properties();
        for (String name : properties.stringPropertyNames()) {
            if (name.startsWith(PREFIX) && !LAUNCHER_PROPERTIES.contains(name)) {
                punctual.setProperty(name, properties.getProperty(name));
            }
        }
        Config parsed = ConfigFactory.parseProperties(punctual,
                ConfigParseOptions.defaults().setOriginDescription("system properties"));
        String sparkConf = "punctual.job." + LayerReader.SPARK_CONF;
        if (parsed.hasPathOrNull(sparkConf)) {
            problems.add(ConfigProblem.at(SYSTEM_PROPERTY, -1, sparkConf, "a system property cannot set Spark"
                    + " properties: every dot in its name makes a path, so \"spark.sql.shuffle.partitions\" cannot be"
                    + " one key; set them in the site file's " + sparkConf + " { \"spark.…\" = … }"));
            parsed = parsed.withoutPath(sparkConf);
        }
        ConfigOrigin origin = ConfigOriginFactory.newFile(SYSTEM_PROPERTY);
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
    private static Optional<Config> application(ClassLoader classPath, List<ConfigProblem> problems) {
        try {
            return Optional.of(ConfigFactory.parseResourcesAnySyntax(classPath, "application",
                    ConfigParseOptions.defaults()).withOnlyPath("punctual"));
        } catch (ConfigException e) {
            problems.add(fromException(null, "application.conf", e));
            return Optional.empty();
        }
    }

    /** The site file: {@code -Dconfig.file}, {@code -Dconfig.resource} or {@code -Dconfig.url}, else site.conf. */
    private static Optional<SiteFile> siteFile(Layout layout, Properties properties, ClassLoader classPath,
                                               List<ConfigProblem> problems) {
        Map<String, String> named = new LinkedHashMap<>();
        for (String key : List.of(CONFIG_FILE, CONFIG_RESOURCE, CONFIG_URL)) {
            Optional.ofNullable(properties.getProperty(key)).ifPresent(value -> named.put(key, value));
        }
        String instead = "the site file to read instead of " + layout.shown(SITE_FILE);
        if (named.size() > 1) {
            List<String> given = named.entrySet().stream().map(e -> "-D" + e.getKey() + "=" + e.getValue()).toList();
            problems.add(ConfigProblem.at(SYSTEM_PROPERTY, -1, "", "each of " + String.join(", ", given)
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
        Path file = layout.real(SITE_FILE);
        String shown = layout.shown(SITE_FILE);
        if (!Files.isRegularFile(file)) {
            problems.add(ConfigProblem.at(shown, -1, "", "missing: every configuration directory needs a"
                    + " site file (it may be empty, leaving every setting at its reference.conf default)"));
            return Optional.empty();
        }
        return parse(() -> ConfigFactory.parseFile(file.toFile(), PARSE), file.toString(), shown, problems);
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
            problems.add(fromException(parsedName, shown, e));
            return Optional.empty();
        }
    }

    private static List<TeamReader.TeamFile> readTeams(Layout layout, Config environment, List<ConfigProblem> problems,
                                                      List<ConfigProblem> warnings) {
        Path teamsDir = layout.real(TEAMS_DIR);
        String teamsShown = layout.shown(TEAMS_DIR);
        List<TeamReader.TeamFile> teams = new ArrayList<>();
        Set<Path> files = new TreeSet<>();
        if (Files.isDirectory(teamsDir)) {
            try (DirectoryStream<Path> listing = Files.newDirectoryStream(teamsDir, "[!.]*.conf")) {
                listing.forEach(files::add);
            } catch (IOException e) {
                problems.add(ConfigProblem.at(teamsShown, -1, "", "cannot list the team files: " + e));
            }
        }
        if (files.isEmpty()) {
            warnings.add(ConfigProblem.at(teamsShown, -1, "", "no team files (<team>.conf): no request can"
                    + " authenticate until a team is added"));
        }
        for (Path file : files) {
            String shown = layout.shown(TEAMS_DIR + "/" + file.getFileName());
            parse(file, shown, problems)
                    .flatMap(parsed -> resolve(parsed, parsed.root().keySet(), file.toString(), shown, environment,
                            problems))
                    .map(config -> TeamReader.read(new ConfigReader(config, shown, file.toString(), problems), shown))
                    .ifPresent(teams::add);
        }
        return teams;
    }

    private static Optional<Config> parse(Path file, String shown, List<ConfigProblem> problems) {
        try {
            return Optional.of(ConfigFactory.parseFile(file.toFile(), PARSE));
        } catch (ConfigException e) {
            problems.add(fromException(file.toString(), shown, e));
            return Optional.empty();
        }
    }

    /**
     * Resolves substitutions against the file itself, then the environment; keeps only the file's own root keys, so
     * that environment variables are not mistaken for unknown keys.
     */
    private static Optional<Config> resolve(Config parsed, Set<String> ownKeys, String parsedName, String shown,
                                            Config environment, List<ConfigProblem> problems) {
        try {
            Set<String> keep = new TreeSet<>(ownKeys);
            keep.add("punctual");
            ConfigObject root = parsed.withFallback(environment).resolve(ConfigResolveOptions.noSystem()).root();
            for (String key : root.keySet()) {
                if (!keep.contains(key)) {
                    root = root.withoutKey(key);
                }
            }
            return Optional.of(root.toConfig());
        } catch (ConfigException e) {
            problems.add(fromException(parsedName, shown, e));
            return Optional.empty();
        }
    }

    /** Each file's problems together, files in the order they were read, and by line within a file. */
    private static List<ConfigProblem> inReadingOrder(List<ConfigProblem> problems) {
        Map<String, Integer> fileOrder = new HashMap<>();
        problems.forEach(p -> fileOrder.putIfAbsent(p.file(), fileOrder.size()));
        List<ConfigProblem> sorted = new ArrayList<>(problems);
        sorted.sort(Comparator.comparing((ConfigProblem p) -> fileOrder.get(p.file()))
                .thenComparingInt(p -> p.line().orElse(0)));
        return sorted;
    }

    /**
     * @param parsedName the file name the parser recorded for the file being read, or null: a problem elsewhere (an
     *                   included file, a class path resource) names that place instead of {@code shown}
     */
    private static ConfigProblem fromException(String parsedName, String shown, ConfigException e) {
        ConfigOrigin origin = e.origin();
        String message = e.getMessage();
        if (origin != null && message.startsWith(origin.description() + ": ")) {
            message = message.substring(origin.description().length() + 2);
        }
        String where = shown;
        if (origin != null && origin.resource() != null) {
            where = origin.resource();
        } else if (origin != null && origin.filename() != null && !origin.filename().equals(parsedName)) {
            where = origin.filename();
        }
        return ConfigProblem.at(where, origin == null ? -1 : origin.lineNumber(), "", message);
    }
}
