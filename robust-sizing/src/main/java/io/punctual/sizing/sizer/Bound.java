package io.punctual.sizing.sizer;

/** What decided an executor count. */
public enum Bound {
    /** The fewest executors that meet the deadline at the asked confidence. */
    DEADLINE,
    /** More executors would not help: the job's widest stage cannot use them. */
    MAX_PARALLELISM,
    /** The team may not have more. */
    TEAM_CAP,
    /** The reservable capacity cannot hold more at once. */
    CLUSTER_CAPACITY,
    /** The user fixed the count. */
    USER
}
