package io.punctual.simulate;

import java.util.Map;

/** What every kind of simulation answers: one table row per policy, and the same as {@code summary.json}. */
public interface RunReport {

    String table();

    Map<String, Object> summary();
}
