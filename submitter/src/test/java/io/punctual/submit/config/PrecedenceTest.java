package io.punctual.submit.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** request > team job entry > team defaults > site > reference, for each setting and for Spark conf key by key. */
class PrecedenceTest {

    private static final List<Level> ORDER = List.of(Level.REQUEST, Level.JOB, Level.TEAM, Level.SITE, Level.REFERENCE);

    private static <T> Optional<Sourced<T>> at(Level level, T value) {
        return Optional.of(new Sourced<>(value, new Origin(level, level.name())));
    }

    /** A layer at {@code level} setting confidence, max executors, memory and cores, or none of them. */
    private static SettingsLayer layer(Level level, Double confidence, Map<String, String> conf) {
        Map<String, Sourced<String>> sourced = new HashMap<>();
        conf.forEach((k, v) -> sourced.put(k, new Sourced<>(v, new Origin(level, level.name()))));
        if (confidence == null) {
            return new SettingsLayer(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                    Optional.empty(), sourced);
        }
        int n = level.ordinal() + 1;
        return new SettingsLayer(at(level, confidence), at(level, 10 * n), at(level, 1024L * n), at(level, n),
                at(level, new io.punctual.submit.request.DeadlineUtility(
                        io.punctual.submit.request.DeadlineUtility.Shape.LINEAR, java.time.Duration.ofMinutes(n))),
                sourced);
    }

    private static List<SettingsLayer> chain(Double request, Double job, Double team, Double site) {
        return List.of(layer(Level.REQUEST, request, Map.of()), layer(Level.JOB, job, Map.of()),
                layer(Level.TEAM, team, Map.of()), layer(Level.SITE, site, Map.of()),
                layer(Level.REFERENCE, 0.5, Map.of()));
    }

    static Stream<Arguments> cases() {
        //        request job   team  site  → confidence, level
        return Stream.of(
                arguments(0.91, 0.92, 0.93, 0.94, 0.91, Level.REQUEST),
                arguments(null, 0.92, 0.93, 0.94, 0.92, Level.JOB),
                arguments(null, null, 0.93, 0.94, 0.93, Level.TEAM),
                arguments(null, null, null, 0.94, 0.94, Level.SITE),
                arguments(null, null, null, null, 0.50, Level.REFERENCE),
                arguments(0.91, null, null, null, 0.91, Level.REQUEST),
                arguments(null, 0.92, null, 0.94, 0.92, Level.JOB),
                arguments(0.91, null, 0.93, null, 0.91, Level.REQUEST),
                arguments(null, null, 0.93, null, 0.93, Level.TEAM));
    }

    @ParameterizedTest(name = "request={0} job={1} team={2} site={3} → {4} from {5}")
    @MethodSource("cases")
    void theHighestLevelThatSetsAValueWins(Double request, Double job, Double team, Double site, double expected,
                                           Level from) {
        Settings settings = Precedence.resolve(chain(request, job, team, site));
        assertThat(settings.confidence().value()).isEqualTo(expected);
        assertThat(settings.confidence().level()).isEqualTo(from);
        // the other scalar settings follow the same level: layer n sets 10n executors, 1024n MiB, n cores
        int n = from.ordinal() + 1;
        assertThat(settings.maxExecutors().value()).isEqualTo(10 * n);
        assertThat(settings.executorMemoryMb().value()).isEqualTo(1024L * n);
        assertThat(settings.executorCores().value()).isEqualTo(n);
    }

    @Test
    void everyCombinationOfLevelsResolvesToTheHighestSettingLevel() {
        for (int mask = 0; mask < 16; mask++) {
            Double[] values = new Double[4];
            Level expected = Level.REFERENCE;
            for (int i = 3; i >= 0; i--) {
                if ((mask & (1 << i)) != 0) {
                    values[i] = 0.1 * (i + 1);
                    expected = ORDER.get(i);
                }
            }
            Settings settings = Precedence.resolve(chain(values[0], values[1], values[2], values[3]));
            assertThat(settings.confidence().level()).as("mask %s", mask).isEqualTo(expected);
        }
    }

    @Test
    void sparkConfMergesKeyByKey() {
        List<SettingsLayer> layers = List.of(
                layer(Level.REQUEST, null, Map.of("spark.a", "request")),
                layer(Level.JOB, null, Map.of("spark.a", "job", "spark.b", "job")),
                layer(Level.TEAM, null, Map.of("spark.b", "team", "spark.c", "team")),
                layer(Level.SITE, null, Map.of("spark.c", "site", "spark.d", "site")),
                layer(Level.REFERENCE, 0.5, Map.of("spark.d", "reference", "spark.e", "reference")));
        Settings settings = Precedence.resolve(layers);
        assertThat(settings.sparkProperties()).containsEntry("spark.a", "request").containsEntry("spark.b", "job")
                .containsEntry("spark.c", "team").containsEntry("spark.d", "site").containsEntry("spark.e", "reference");
        assertThat(settings.sparkConf().get("spark.c").level()).isEqualTo(Level.TEAM);
        // the executor shape joins the Spark properties as Spark keys: 1024 × 5 MiB, 5 cores from the reference
        assertThat(settings.sparkProperties()).containsEntry("spark.executor.memory", "5120m")
                .containsEntry("spark.executor.cores", "5");
    }

    @Property(tries = 300)
    void eachSparkKeyComesFromTheHighestLevelHoldingIt(
            @ForAll @Size(5) List<@Size(max = 4) List<@IntRange(min = 0, max = 6) Integer>> keysPerLevel) {
        List<SettingsLayer> layers = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Map<String, String> conf = new HashMap<>();
            for (int key : keysPerLevel.get(i)) {
                conf.put("spark.k" + key, ORDER.get(i).name());
            }
            layers.add(layer(ORDER.get(i), i == 4 ? 0.5 : null, conf));
        }
        Settings settings = Precedence.resolve(layers);
        for (int key = 0; key <= 6; key++) {
            Optional<Level> highest = Optional.empty();
            for (int i = 4; i >= 0; i--) {
                if (keysPerLevel.get(i).contains(key)) {
                    highest = Optional.of(ORDER.get(i));
                }
            }
            Sourced<String> resolved = settings.sparkConf().get("spark.k" + key);
            if (highest.isEmpty()) {
                assertThat(resolved).isNull();
            } else {
                assertThat(resolved.level()).isEqualTo(highest.get());
                assertThat(resolved.value()).isEqualTo(highest.get().name());
            }
        }
    }

    @Test
    void aRequestStatesItsSettingsAsSparkConf() {
        SettingsLayer request = Precedence.requestLayer(Map.of("spark.deadline.confidence", "0.99",
                "spark.deadline.maxExecutors", "12", "spark.executor.memory", "3g", "spark.executor.cores", "3",
                "spark.sql.shuffle.partitions", "64"));
        assertThat(request.confidence()).map(Sourced::value).contains(0.99);
        assertThat(request.maxExecutors()).map(Sourced::value).contains(12);
        assertThat(request.executorMemoryMb()).map(Sourced::value).contains(3072L);
        assertThat(request.executorCores()).map(Sourced::value).contains(3);
        // the four typed settings are not repeated as plain Spark conf
        assertThat(request.sparkConf()).containsOnlyKeys("spark.sql.shuffle.partitions");
        assertThat(request.confidence().orElseThrow().origin().location())
                .isEqualTo("request conf spark.deadline.confidence");
    }

    @Test
    void unusableRequestValuesAreAllNamedInOneError() {
        assertThatThrownBy(() -> Precedence.requestLayer(Map.of("spark.deadline.confidence", "1",
                "spark.deadline.maxExecutors", "many", "spark.executor.memory", "4 gigs")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("spark.deadline.confidence must be a number strictly between 0 and 1, e.g. 0.95,"
                        + " got '1'")
                .hasMessageContaining("spark.deadline.maxExecutors must be a whole number of at least 1, got 'many'")
                .hasMessageContaining("spark.executor.memory must be a memory size such as 512m or 4g, got '4 gigs'");
    }

    @Test
    void aChainWithoutAnyValueForASettingIsABug() {
        assertThatThrownBy(() -> Precedence.resolve(List.of(SettingsLayer.EMPTY)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reference.conf");
    }
}
