package io.punctual.submit.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each class of configuration error, in a directory of its own; every message names file, path and expectation. */
class ConfigErrorsTest {

    @TempDir
    Path tmp;

    ConfDir conf;

    @BeforeEach
    void validStart() {
        conf = new ConfDir(tmp).teamFile("a.conf", ConfDir.team("a", "a", 10));
    }

    private String teams(String file) {
        return tmp.resolve("teams").resolve(file).toString();
    }

    @Test
    void outOfRangeNamesFileLinePathAndExpectation() {
        conf.teamFile("finance.conf", """
                punctual.team {
                  name = finance
                  token = "finance-0123456789abcdef"
                  queue.capacity = 20
                  confidence = 1.5
                }
                """);
        assertThat(conf.messages()).containsExactly(
                teams("finance.conf") + ":5: punctual.team.confidence: expected a number in (0, 1), got 1.5");
    }

    @Test
    void wrongTypesSayWhatWasExpectedAndWhatWasFound() {
        conf.teamFile("b.conf", """
                punctual.team {
                  name = b
                  token = "b-0123456789abcdef"
                  queue.capacity = "a lot"
                  max-executors = 2.5
                  executor { memory = "lots", cores = [1, 2] }
                  sharing-policy { instantaneous-max = 50, average-max = 20, window = 3600 }
                }
                """);
        assertThat(conf.messages()).containsExactlyInAnyOrder(
                teams("b.conf") + ":4: punctual.team.queue.capacity: expected a percentage of the parent queue in"
                        + " (0, 100], got \"a lot\"",
                teams("b.conf") + ":5: punctual.team.max-executors: expected a whole number from 1 to 100000, got 2.5",
                teams("b.conf") + ":6: punctual.team.executor.memory: expected a memory size such as 512m or 4g (a bare"
                        + " number is MiB, as Spark reads it), got \"lots\"",
                teams("b.conf") + ":6: punctual.team.executor.cores: expected a whole number from 1 to 256, got [1,2]",
                teams("b.conf") + ":7: punctual.team.sharing-policy.window: expected a duration of whole seconds, at"
                        + " least 1s, with a unit, such as 90s, 10m or 1h (a bare number would be read as"
                        + " milliseconds), got 3600");
    }

    @Test
    void anUnknownAdmissionPolicyOrUtilityShapeIsAnErrorAtLoadThatListsWhatIsKnown() {
        conf.site("punctual.admission.policy = \"lottery\"\npunctual.job.utility = \"cubic 5m\"\n");
        conf.teamFile("e.conf", ConfDir.team("e", "e", 10).replace("}\n", "  jobs { j { utility = \"linear\" } }\n}\n"));
        List<String> messages = conf.messages();
        assertThat(messages).hasSize(3);
        assertThat(messages).anySatisfy(m -> assertThat(m).contains("punctual.admission.policy")
                .contains("\"first-fit\", \"justice\"").contains("lottery"));
        assertThat(messages).anySatisfy(m -> assertThat(m).contains("punctual.job.utility").contains("cubic 5m")
                .contains("\"linear <grace>\""));
        assertThat(messages).anySatisfy(m -> assertThat(m).contains("punctual.team.jobs.j.utility")
                .contains("\"linear\""));
    }

    @Test
    void aTeamsHighestConfidenceMustBeAConfidence() {
        conf.teamFile("e.conf", ConfDir.team("e", "e", 10).replace("}\n", "  max-confidence = 1.5\n}\n"));

        assertThat(conf.messages()).singleElement().satisfies(m -> assertThat(m)
                .contains("punctual.team.max-confidence").contains("(0, 1)").contains("1.5"));
    }

    @Test
    void missingRequiredKeysAreEachReported() {
        conf.teamFile("c.conf", "punctual.team { name = c }\n");
        assertThat(conf.messages()).containsExactlyInAnyOrder(
                teams("c.conf") + ": punctual.team.token: missing required key: expected a secret of at least 16"
                        + " characters without spaces",
                teams("c.conf") + ": punctual.team.queue.capacity: missing required key: expected a percentage of the"
                        + " parent queue in (0, 100]");
    }

    @Test
    void unknownKeysAreErrorsWithTheNearestKnownKey() {
        conf.teamFile("d.conf", ConfDir.team("d", "d", 10).replace("}\n", "  confidnce = 0.99\n  jobs { j { max-executor = 3 } }\n}\n"));
        List<String> messages = conf.messages();
        assertThat(messages).hasSize(2);
        assertThat(messages.get(0)).startsWith(teams("d.conf") + ":5: punctual.team.confidnce: unknown key; did you"
                + " mean 'confidence'?");
        assertThat(messages.get(1)).startsWith(teams("d.conf") + ":6: punctual.team.jobs.j.max-executor: unknown key;"
                + " did you mean 'max-executors'?");
    }

    @Test
    void anUnquotedJobKeyWithDotsIsCaughtAndTheFixSuggested() {
        conf.teamFile("e.conf", ConfDir.team("e", "e", 10).replace("}\n", "  jobs { daily.revenue { confidence = 0.9 } }\n}\n"));
        assertThat(conf.messages()).singleElement().asString()
                .contains("punctual.team.jobs.daily.revenue: unknown key")
                .contains("quote it: \"daily.revenue\"");
    }

    @Test
    void unknownKeysInTheSiteFileAndOutsidePunctualAreErrorsToo() {
        conf.site("""
                punctual.gateway.prot = 9000
                gateway.port = 9000
                """);
        assertThat(conf.messages()).containsExactly(
                tmp.resolve("site.conf") + ":1: punctual.gateway.prot: unknown key; did you mean 'port'? Known keys"
                        + " here: allowed-spark-conf, also-allowed-spark-conf, client-mode-teams, database, finished-retention, host, idle-timeout, launch-concurrency, metrics-token, poll-interval, port, state-dir, tls",
                tmp.resolve("site.conf") + ":2: gateway: unknown key; known keys here: punctual");
    }

    @Test
    void aNegativeFinishedRetentionSaysWhatItMayBe() {
        conf.site("punctual.gateway.finished-retention = -5s\n");
        assertThat(conf.messages()).singleElement().asString().contains("punctual.gateway.finished-retention")
                .contains("0s or more").contains("600s");
    }

    @Test
    void aSparkJarsChoiceThatIsNeitherAModeNorAUriSaysWhatItMayBe() {
        conf.site("punctual.spark.jars = \"/apps/spark/spark-libs.zip\"\n");
        assertThat(conf.messages()).singleElement().asString()
                .startsWith(tmp.resolve("site.conf") + ":1: punctual.spark.jars: expected \"auto\", \"local\","
                        + " \"upload\", or the URI of an archive of Spark's jars already on the cluster, e.g."
                        + " \"hdfs:///apps/spark/spark-libs.zip\"");
        conf.site("punctual.spark.jars = \"hdfs:///apps/spark/spark-libs.zip\"\n");
        assertThat(conf.valid().site().spark().jars()).isEqualTo("hdfs:///apps/spark/spark-libs.zip");
    }

    @Test
    void pysparkArchivesMustNameBothPySparkAndPy4j() {
        conf.site("punctual.spark.pyspark-archives = [\"hdfs:///apps/spark/pyspark.zip\"]\n");
        assertThat(conf.messages()).singleElement().asString()
                .startsWith(tmp.resolve("site.conf") + ":1: punctual.spark.pyspark-archives: expected pyspark.zip and"
                        + " py4j-<version>-src.zip")
                .contains("got [hdfs:///apps/spark/pyspark.zip]").contains("or set []");
    }

    @Test
    void duplicateTokensAndNamesAreErrorsThatNameTheOtherFileButNotTheToken() {
        conf.teamFile("b.conf", ConfDir.team("b", "a", 10)).teamFile("c.conf", ConfDir.team("a", "c", 10));
        List<String> messages = conf.messages();
        assertThat(messages).anySatisfy(m -> assertThat(m).startsWith(teams("b.conf") + ":3: punctual.team.token: the"
                + " same token as team 'a' (" + teams("a.conf") + ")"));
        assertThat(messages).anySatisfy(m -> assertThat(m).startsWith(teams("c.conf") + ":2: punctual.team.name: team"
                + " 'a' is already defined in " + teams("a.conf")));
        assertThat(String.join("\n", messages)).doesNotContain("0123456789abcdef");
    }

    @Test
    void aMalformedTokenIsNeverShown() {
        conf.teamFile("b.conf", ConfDir.team("b", "b", 10).replace("\"b-0123456789abcdef\"", "\"has a space 12345\""));
        assertThat(conf.messages()).containsExactly(teams("b.conf") + ":3: punctual.team.token: expected a secret of"
                + " at least 16 characters without spaces, got a value of 17 characters (not shown)");
    }

    @Test
    void unparseableHoconGivesTheLineAndOtherFilesAreStillChecked() {
        conf.teamFile("broken.conf", "punctual.team {\n  name = broken\n  token = [\n")
                .teamFile("z.conf", ConfDir.team("z", "z", 10).replace("capacity = 10", "capacity = 0"));
        List<ConfigProblem> problems = conf.problems();
        assertThat(problems).hasSize(2);
        assertThat(problems.get(0).file()).isEqualTo(teams("broken.conf"));
        assertThat(problems.get(0).line()).hasValue(4);
        assertThat(problems.get(0).message()).contains("end of file");
        assertThat(problems.get(1).toString()).startsWith(teams("z.conf") + ":4: punctual.team.queue.capacity");
    }

    @Test
    void everyProblemInEveryFileIsCollected() {
        conf.site("punctual.gateway.port = 70000\npunctual.sizing.justice.error-smoothing = kalman\n")
                .teamFile("b.conf", ConfDir.team("b", "b", 10).replace("}\n", "  confidence = 0\n"
                        + "  max-executors = 0\n}\n"));
        assertThat(conf.messages()).containsExactly(
                tmp.resolve("site.conf") + ":1: punctual.gateway.port: expected a whole number from 1 to 65535, got"
                        + " 70000",
                tmp.resolve("site.conf") + ":2: punctual.sizing.justice.error-smoothing: expected \"equal\" or"
                        + " \"exponential\", got \"kalman\"",
                teams("b.conf") + ":5: punctual.team.confidence: expected a number in (0, 1), got 0",
                teams("b.conf") + ":6: punctual.team.max-executors: expected a whole number from 1 to 100000, got 0");
    }

    @Test
    void teamsAreCheckedAgainstEachOtherEvenWhenTheSiteFileIsBroken() {
        conf.site("punctual {\n").teamFile("b.conf", ConfDir.team("a", "b", 10));
        List<String> messages = conf.messages();
        assertThat(messages).hasSize(2);
        assertThat(messages.get(0)).startsWith(tmp.resolve("site.conf") + ":");
        assertThat(messages.get(1)).startsWith(teams("b.conf") + ":2: punctual.team.name: team 'a' is already defined");
    }

    @Test
    void sparkKeysMustBeQuotedAndNotOwnedByPunctual() {
        conf.teamFile("b.conf", ConfDir.team("b", "b", 10).replace("}\n", """
                  spark-conf {
                    spark.sql.shuffle.partitions = 200
                    "spark.executor.instances" = 4
                    "spark.executor.memory" = 4g
                    "hive.exec.dynamic.partition" = true
                    "spark.deadline.confidence" = 0.9
                  }
                }
                """));
        List<String> messages = conf.messages();
        assertThat(messages).hasSize(5);
        assertThat(messages).anySatisfy(m -> assertThat(m).contains("punctual.team.spark-conf.spark: Spark keys must"
                + " be quoted: write \"spark.sql.shuffle.partitions\" = …"));
        assertThat(messages).anySatisfy(m -> assertThat(m).contains("\"spark.executor.instances\": Punctual sets"
                + " spark.executor.instances itself").contains("max-executors"));
        assertThat(messages).anySatisfy(m -> assertThat(m).contains("set executor.memory instead"));
        assertThat(messages).anySatisfy(m -> assertThat(m).contains("\"hive.exec.dynamic.partition\": Spark ignores"));
        assertThat(messages).anySatisfy(m -> assertThat(m).contains("spark.deadline.* keys are per-request inputs"));
    }

    @Test
    void latencyGroupsNeedAnOnDurationWithinThePeriodAndAJobInOneGroupOnly() {
        conf.teamFile("b.conf", ConfDir.team("b", "b", 10).replace("}\n", """
                  latency-sensitive {
                    g1 { period = 10m, on = 20m, burst { vcores = 4, memory = 8g }, jobs = [x] }
                    g2 { period = 1h, on = 1500ms, burst { vcores = 0, memory = 8g }, jobs = [x] }
                  }
                }
                """));
        List<String> messages = conf.messages();
        assertThat(messages).hasSize(4);
        assertThat(messages.get(0)).contains("g1.on: expected a duration of whole seconds, at least 1s and at most"
                + " the period (600s), with a unit");
        assertThat(messages).anySatisfy(m -> assertThat(m).contains("g2.on: expected a duration of whole seconds"));
        assertThat(messages).anySatisfy(m -> assertThat(m).contains("g2.burst.vcores: expected a whole number of at"
                + " least 1, got 0"));
        assertThat(messages).anySatisfy(m -> assertThat(m).contains("g2.jobs: job 'x' is already in group 'g1'"));
    }

    @Test
    void queuesMustBeEachTeamsOwnAndFitInTheirParent() {
        conf.teamFile("b.conf", ConfDir.team("b", "b", 60).replace("}\n", "  queue.name = a\n}\n"))
                .teamFile("c.conf", ConfDir.team("c", "c", 45).replace("}\n", "  queue.name = adhoc\n}\n"));
        List<String> messages = conf.messages();
        assertThat(messages).anySatisfy(m -> assertThat(m).startsWith(teams("b.conf") + ":5: punctual.team.queue.name:"
                + " queue 'a' is already team 'a'"));
        assertThat(messages).anySatisfy(m -> assertThat(m).contains("punctual.team.queue.name: queue 'adhoc' is"
                + " already the site's best-effort queue"));
        // 10 + 60 + 45 = 115 > 100
        assertThat(messages).anySatisfy(m -> assertThat(m).isEqualTo(tmp.resolve("teams") + ": punctual.team.queue"
                + ".capacity: the team queues' guaranteed capacities add up to 115.0% (a 10.0%, b 60.0%, c 45.0%);"
                + " they share one parent queue and must total at most 100%"));
    }

    @Test
    void maximumCapacityBelowCapacityAndAverageAboveInstantaneousAreRefused() {
        conf.teamFile("b.conf", ConfDir.team("b", "b", 30).replace("}\n", """
                  queue.maximum-capacity = 20
                  sharing-policy { instantaneous-max = 40, average-max = 50, window = 1h }
                }
                """));
        assertThat(conf.messages()).containsExactly(
                teams("b.conf") + ":5: punctual.team.queue.maximum-capacity: expected a percentage in [capacity = 30.0,"
                        + " 100], got 20",
                teams("b.conf") + ":6: punctual.team.sharing-policy.average-max: expected a percentage in"
                        + " (0, instantaneous-max = 40.0], got 50");
    }

    @Test
    void anObjectWhereAValueBelongsIsReportedOnce() {
        conf.teamFile("b.conf", ConfDir.team("b", "b", 10).replace("}\n", "  executor = 4g\n}\n"));
        assertThat(conf.messages()).containsExactly(teams("b.conf") + ":5: punctual.team.executor: expected an object"
                + " with keys cores, memory, got \"4g\"");
    }

    @Test
    void aMissingSubstitutionAndAMissingSiteFileAreProblemsNotExceptions() {
        conf.teamFile("b.conf", "punctual.team { name = b, token = ${B_TOKEN}, queue.capacity = 5 }\n");
        assertThat(conf.messages()).singleElement().asString().startsWith(teams("b.conf") + ":1: ")
                .contains("B_TOKEN");
        assertThat(ConfigLoader.load(tmp.resolve("teams"), Map.of())).isInstanceOfSatisfying(LoadResult.Invalid.class,
                invalid -> assertThat(invalid.problems().get(0).toString()).contains("site.conf: missing"));
        assertThat(ConfigLoader.load(tmp.resolve("nowhere"), Map.of())).isInstanceOfSatisfying(
                LoadResult.Invalid.class, invalid -> assertThat(invalid.problems().get(0).message())
                        .startsWith("no such directory"));
    }

    @Test
    void aTeamFileMayIncludeSharedSettingsAndTheirProblemsNameTheIncludedFile() {
        conf.write("common/spark.conf", "spark-conf { \"spark.sql.shuffle.partitions\" = 300 }\nmax-executors = 0\n")
                .teamFile("b.conf", ConfDir.team("b", "b", 10).replace("}\n", "  include \"../common/spark.conf\"\n}\n"));
        assertThat(conf.messages()).singleElement().asString()
                .endsWith("common/spark.conf:2: punctual.team.max-executors: expected a whole number from 1 to 100000,"
                        + " got 0");
        conf.write("common/spark.conf", "spark-conf { \"spark.sql.shuffle.partitions\" = 300 }\n");
        assertThat(conf.valid().team("b").orElseThrow().defaults().sparkConf().get("spark.sql.shuffle.partitions")
                .value()).isEqualTo("300");
    }

    @Test
    void noTeamFilesIsValidButWarned(@TempDir Path empty) {
        PunctualConfig config = new ConfDir(empty).valid();
        assertThat(config.teams()).isEmpty();
        assertThat(config.warnings()).singleElement().asString().contains("no team files");
    }

    @Test
    void filesThatAreNotTeamFilesAreIgnored() {
        conf.write("teams/README.md", "not HOCON {").write("teams/.a.conf.swp", "junk {");
        assertThat(conf.valid().teams()).containsOnlyKeys("a");
    }
}
