/**
 * A submission as the user gave it, typed once: the spark-submit command line with Punctual's own inputs
 * ({@link SubmitArguments}: every option in order, the {@code spark.deadline.*} keys of {@link DeadlineKeys} and the
 * flags that are sugar for them), the Spark settings it amounts to as spark-submit resolves them
 * ({@link SparkSettings}, {@link PropertiesFile}), deadlines as people write them ({@link Deadlines}), what becomes of
 * a deadline job that finds no room now and what lateness is still worth to it ({@link AdmissionPolicy},
 * {@link DeadlineUtility}), and the {@link Submission} itself.
 *
 * <p>The bottom layer of the submitter: it imports none of its other packages, so the command line, the gateway, the
 * benchmark client and the simulator build requests alike. Wherever spark-submit has a rule (precedence, inputs it
 * ignores with a warning, memory strings), this follows it, because commands and DAGs must run unchanged; Punctual's
 * keys are checked by name, so a misspelt one is an error rather than a silently best-effort run. A request that
 * cannot be built is an {@link InvalidRequest} naming the field, thrown before anything is recorded or reserved.
 */
package io.punctual.submit.request;
