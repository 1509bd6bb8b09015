package io.punctual.sizing.rush;

/**
 * Consecutive task slots of one job on one container: {@code slots} tasks run back to back from {@code start}, each
 * holding the container for {@code slotSeconds} except possibly the job's very last, which is shorter. The container
 * is busy over [start, start + work).
 *
 * @param container   index in [0, C)
 * @param start       when the first slot starts
 * @param slotSeconds R_i, the length of a full slot
 * @param slots       how many slots run here (≥ 1)
 * @param work        container-seconds placed here
 */
public record SlotRun(int container, double start, double slotSeconds, long slots, double work) {

    public double end() {
        return start + work;
    }
}
