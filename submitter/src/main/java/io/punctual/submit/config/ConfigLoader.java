package io.punctual.submit.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigOrigin;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigResolveOptions;
import com.typesafe.config.ConfigSyntax;
import com.typesafe.config.ConfigValueFactory;
import java.io.IOException;
import java.net.URL;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

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
            "punctual.log.dir");


    static final ConfigParseOptions PARSE = ConfigParseOptions.defaults().setAllowMissing(false)
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
        TeamChecks.check(layout.shown(TEAMS_DIR), teams, site.map(SiteReader.Site::config), problems);
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

    /** System properties over the site file over application.conf over reference.conf, resolved and read. */
    private static Optional<SiteReader.Site> readSite(Layout layout, Conventions conventions, Config environment,
                                                      List<ConfigProblem> problems) {
        Properties properties = SiteSources.snapshot(conventions.systemProperties());
        ClassLoader classPath = conventions.classLoader();
        Optional<SiteSources.SiteFile> site = SiteSources.siteFile(layout.real(SITE_FILE), layout.shown(SITE_FILE),
                properties, classPath, problems);
        Optional<Config> application = SiteSources.application(classPath, problems);
        Config overrides = SiteSources.systemProperties(properties, problems);
        Config reference = ConfigFactory.parseResources(classPath, "reference.conf").withOnlyPath("punctual");
        if (site.isEmpty() || application.isEmpty()) {
            return Optional.empty();
        }
        SiteSources.SiteFile file = site.get();
        Config merged = overrides.withFallback(file.parsed()).withFallback(application.get()).withFallback(reference);
        return resolve(merged, file.parsed().root().keySet(), file.parsedName(), file.shown(), environment, problems)
                .flatMap(config -> SiteReader.read(new ConfigReader(config, file.shown(),
                        Objects.requireNonNullElse(file.parsedName(), ""), problems)));
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
                    .map(config -> TeamReader.read(new ConfigReader(config, shown, file.toString(), problems), shown,
                            layout.dir()))
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
    static ConfigProblem fromException(String parsedName, String shown, ConfigException e) {
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
