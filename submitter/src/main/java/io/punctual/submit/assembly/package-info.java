/**
 * The composition root ({@link Assembly}): the one place where a loaded configuration becomes the parts a
 * submission needs, its settings by precedence, the sizers' knobs, Justice's learning, the teams' sharing policies,
 * the plan queue, the pipeline's paths and intervals. {@code submit}, {@code explain}, {@code demo}, the gateway and
 * the simulator's deployed policy all build their parts here, so a job is sized the same way whichever door it came
 * in by. Nothing below this layer reads configuration (DESIGN.md §8).
 */
package io.punctual.submit.assembly;
