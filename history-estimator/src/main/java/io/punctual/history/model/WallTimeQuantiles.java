package io.punctual.history.model;

/** Predicted wall-clock seconds of a job at one executor count, at the quantiles a deadline is judged by. */
public record WallTimeQuantiles(int executors, double p50, double p90, double p95, double p99) {
}
