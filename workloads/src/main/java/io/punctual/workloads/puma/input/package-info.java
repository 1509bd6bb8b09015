/**
 * The inputs of the PUMA benchmark suite (Ahmad, Lee, Thottethodi, Vijaykumar, "PUMA: Purdue MapReduce Benchmarks
 * Suite", Purdue ECE technical report, 2012), generated instead of downloaded: the suite's Wikipedia text, Netflix
 * movie ratings, web graph, TeraGen records and item sets are replaced by synthetic data of the same shape, written
 * deterministically from a seed at any size. Plain Java, no Spark or Hadoop types: the command line generates these
 * files in its own process before any job runs.
 */
package io.punctual.workloads.puma.input;
