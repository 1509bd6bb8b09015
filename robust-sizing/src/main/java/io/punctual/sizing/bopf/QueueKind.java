package io.punctual.sizing.bopf;

/** The two kinds of queue BoPF admits (paper §3.1): latency-sensitive bursts, or throughput (batch) work. */
public enum QueueKind {
    /** Latency-sensitive queue: periodic bursts of α for t seconds every T seconds. */
    LQ,
    /** Throughput queue: long-running batch demand, only ever elastic. */
    TQ
}
