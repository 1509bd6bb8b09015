package io.punctual.sizing.bopf;

/** BoPF's three admission conditions (DESIGN.md §3, numbered as in the paper §3.3). */
public enum Condition {
    /** (1) For every admitted guaranteed j: α_j·t_j ≤ C·T_j/(N+1). Failing it rejects the new queue. */
    SAFETY("safety (1)"),
    /** (2) For the new LQ q: α_q·t_q ≤ C·T_q/(N+1). Failing it makes q elastic. */
    FAIRNESS("fairness (2)"),
    /** (3) At every instant of q's ON windows: α_q ≤ C − Σ_{h∈H} g_h(t). Decides hard versus soft. */
    RESOURCE("resource (3)");

    private final String label;

    Condition(String label) {
        this.label = label;
    }

    /** The condition as the reasons write it, e.g. {@code "safety (1)"}. */
    public String label() {
        return label;
    }
}
