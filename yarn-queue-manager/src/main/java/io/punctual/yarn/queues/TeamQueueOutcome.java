package io.punctual.yarn.queues;

/** What became of a request for a team queue. */
public sealed interface TeamQueueOutcome {

    /** The team's queue exists with the requested settings; {@code changed} is false when it already had them. */
    record Ready(TeamQueue queue, boolean changed) implements TeamQueueOutcome {
    }

    /** The team has no queue any more; {@code existed} is false when it had none to begin with. */
    record Removed(String team, boolean existed) implements TeamQueueOutcome {
    }

    /** Nothing changed; {@code reason} says why (Punctual's reason, or the ResourceManager's own message). */
    record Refused(String reason) implements TeamQueueOutcome {
    }
}
