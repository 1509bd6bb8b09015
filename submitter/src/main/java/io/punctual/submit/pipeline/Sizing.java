package io.punctual.submit.pipeline;

import io.punctual.submit.launch.ContainerShapes;

/**
 * How many executors of what shape a submission gets, and why.
 *
 * @param basis one line saying which input decided the executor count
 */
public record Sizing(ContainerShapes shapes, String basis) {
}
