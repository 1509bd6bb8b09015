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
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Loads a configuration directory — {@code site.conf} over the classpath's {@code reference.conf}, and every
 * {@code teams/*.conf} — and validates all of it, collecting every problem rather than stopping at the first.
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

    private static final ConfigParseOptions PARSE = ConfigParseOptions.defaults().setAllowMissing(false)
            .setSyntax(ConfigSyntax.CONF);

    private ConfigLoader() {
    }

    /**
     * @param dir the configuration directory; file names in problems start with it as given
     * @param env environment variables for {@code ${?VAR}} substitutions
     */
    public static LoadResult load(Path dir, Map<String, String> env) {
        return load(dir, dir, env);
    }

    /**
     * @param dir     the configuration directory to read
     * @param shownAs how problems name it, e.g. the relative path the user typed when {@code dir} is absolute
     * @param env     environment variables for {@code ${?VAR}} substitutions
     */
    public static LoadResult load(Path dir, Path shownAs, Map<String, String> env) {
        List<ConfigProblem> problems = new ArrayList<>();
        List<ConfigProblem> warnings = new ArrayList<>();
        Layout layout = new Layout(dir, shownAs);
        if (!Files.isDirectory(dir)) {
            problems.add(ConfigProblem.at(shownAs.toString(), -1, "", "no such directory; expected a configuration"
                    + " directory holding " + SITE_FILE + " and " + TEAMS_DIR + "/<team>.conf"));
            return new LoadResult.Invalid(problems);
        }
        Config environment = ConfigValueFactory.fromMap(env).toConfig();
        Optional<SiteReader.Site> site = readSite(layout, environment, problems);
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

    private static Optional<SiteReader.Site> readSite(Layout layout, Config environment, List<ConfigProblem> problems) {
        Path file = layout.real(SITE_FILE);
        String shown = layout.shown(SITE_FILE);
        if (!Files.isRegularFile(file)) {
            problems.add(ConfigProblem.at(shown, -1, "", "missing: every configuration directory needs a"
                    + " site file (it may be empty, leaving every setting at its reference.conf default)"));
            return Optional.empty();
        }
        Config reference = ConfigFactory.parseResources(ConfigLoader.class.getClassLoader(), "reference.conf")
                .withOnlyPath("punctual");
        return parse(file, shown, problems).flatMap(parsed -> {
            Config merged = parsed.withFallback(reference);
            return resolve(merged, parsed.root().keySet(), file, shown, environment, problems)
                    .flatMap(config -> SiteReader.read(new ConfigReader(config, shown, file.toString(), problems)));
        });
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
                    .flatMap(parsed -> resolve(parsed, parsed.root().keySet(), file, shown, environment, problems))
                    .map(config -> TeamReader.read(new ConfigReader(config, shown, file.toString(), problems), shown))
                    .ifPresent(teams::add);
        }
        return teams;
    }

    private static Optional<Config> parse(Path file, String shown, List<ConfigProblem> problems) {
        try {
            return Optional.of(ConfigFactory.parseFile(file.toFile(), PARSE));
        } catch (ConfigException e) {
            problems.add(fromException(file, shown, e));
            return Optional.empty();
        }
    }

    /**
     * Resolves substitutions against the file itself, then the environment; keeps only the file's own root keys, so
     * that environment variables are not mistaken for unknown keys.
     */
    private static Optional<Config> resolve(Config parsed, Set<String> ownKeys, Path file, String shown,
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
            problems.add(fromException(file, shown, e));
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

    private static ConfigProblem fromException(Path file, String shown, ConfigException e) {
        ConfigOrigin origin = e.origin();
        String message = e.getMessage();
        if (origin != null && message.startsWith(origin.description() + ": ")) {
            message = message.substring(origin.description().length() + 2);
        }
        String where = origin != null && origin.filename() != null && !origin.filename().equals(file.toString())
                ? origin.filename() : shown;
        return ConfigProblem.at(where, origin == null ? -1 : origin.lineNumber(), "", message);
    }
}
