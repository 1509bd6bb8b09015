package io.punctual.yarn.queues;

/** What became of a {@link QueueChange}: applied, with the configuration it produced, or refused and not applied. */
public sealed interface QueueChangeOutcome {

    /** Who said no. */
    enum Stage {
        /** Punctual's own check against the current configuration, before anything was sent. */
        CHECK,
        /** The ResourceManager's dry run ({@code POST /ws/v1/cluster/scheduler-conf/validate}). */
        VALIDATE,
        /** The ResourceManager's mutation ({@code PUT /ws/v1/cluster/scheduler-conf}), which it rolled back. */
        APPLY
    }

    /** The scheduler runs with the change; {@code configuration} is read back from the ResourceManager after it. */
    record Applied(SchedulerConf configuration) implements QueueChangeOutcome {
    }

    /**
     * Nothing changed. {@code reason} is the ResourceManager's own message when it refused, or Punctual's when its
     * check did.
     */
    record Refused(Stage stage, String reason) implements QueueChangeOutcome {
    }
}
