/**
 * The simulator held against the paper and against real runs. {@link PaperComparison} reproduces the Justice paper's
 * headline comparison (justice-deadline-fair-share.txt §5: satisfied deadlines, productive and wasted time,
 * fairness) for every deadline type and two cluster sizes, through the same simulator and policies
 * {@code punctual simulate} runs, deployed Punctual included. {@link Calibration} replays every stored real run (Spark
 * on the embedded YARN) as a simulated job and says how far the simulator's execution model is from the measured
 * time. Both only read their inputs; results are kept in {@code benchmarks/results/simulator.md}.
 */
package io.punctual.bench.simulator;
