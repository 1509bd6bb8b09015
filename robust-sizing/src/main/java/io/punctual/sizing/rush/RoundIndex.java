package io.punctual.sizing.rush;

/**
 * The orders of one round's jobs that {@link RemainingJobs} is built on, computed once per round and shared by its
 * sub-rounds. Arrays of job indices unless said otherwise.
 *
 * @param byId          the jobs in id order
 * @param rank          each job's position in {@code byId}
 * @param byShape       the jobs grouped by utility shape, latest budget first within a shape
 * @param shapeStart    where each shape starts in {@code byShape}, with one more entry for the end
 * @param shapeOf       each job's shape
 * @param shapePosition each job's position in {@code byShape}
 * @param longestFirst  the jobs by length, longest first, then by id
 * @param worthLessFrom each job's time from which it is surely worth less than running first (so not flat), or +∞
 */
record RoundIndex(int[] byId, int[] rank, int[] byShape, int[] shapeStart, int[] shapeOf, int[] shapePosition,
                  int[] longestFirst, double[] worthLessFrom) {
}
