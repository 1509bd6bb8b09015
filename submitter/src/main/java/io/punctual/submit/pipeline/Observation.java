package io.punctual.submit.pipeline;

import io.punctual.sizing.replan.StageProgress;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.QueueSnapshot;
import io.punctual.yarn.ReservationInfo;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** What happened that a submission's state may move on from: an answer to one of its actions, time, or a kill. */
public sealed interface Observation {

    /** Time passed; what is waiting may try again. */
    record Tick() implements Observation {
    }

    /**
     * A queued submission's turn in an admission round: size it again from its submission time and the time it
     * waited (Justice grows its CPUs as its window shrinks) and offer it the plan.
     *
     * @param completeBy when RUSH's arbitration lets it complete, if later than its deadline
     */
    record Turn(Optional<Instant> completeBy) implements Observation {

        public Turn() {
            this(Optional.empty());
        }
    }


    /** The process that drove the submission was restarted; a launch in flight may or may not have reached YARN. */
    record Restarted() implements Observation {
    }

    /**
     * @param bestEffortQueue where to run without a reservation: a submission without a deadline
     * @param completeBy      the completion it was sized for, when arbitration moved it past the deadline
     */
    record SizingDone(Decision decision, Optional<String> bestEffortQueue, Optional<Instant> completeBy)
            implements Observation {

        public SizingDone(Decision decision, Optional<String> bestEffortQueue) {
            this(decision, bestEffortQueue, Optional.empty());
        }
    }

    /**
     * YARN's answer to the reservations asked for.
     *
     * @param prediction what was expected before asking, and by whom
     * @param refusal       why not, with the earliest deadline that has room, when nothing was held
     * @param aheadQueue    where the application may be launched while its reservation's queue is not yet open (the
     *                      queue a run goes outside its reservation); empty: it waits for that queue
     */
    record ReservationDone(Optional<ReservationInfo> held, Prediction prediction, String refusal,
                           Optional<Instant> earliestDeadline, Duration took, Optional<String> aheadQueue)
            implements Observation {

        public ReservationDone(Optional<ReservationInfo> held, Prediction prediction, String refusal,
                               Optional<Instant> earliestDeadline, Duration took) {
            this(held, prediction, refusal, earliestDeadline, took, Optional.empty());
        }

        ReservationDone launchingAheadInto(String queue) {
            return new ReservationDone(held, prediction, refusal, earliestDeadline, took, Optional.of(queue));
        }
    }

    /** The reservation's queue: present once it can start applications. */
    record QueueSeen(Optional<QueueSnapshot> queue) implements Observation {
    }

    /** The reservation is no longer in the plan (expired, deleted). */
    record QueueLost(String reason) implements Observation {
    }

    /** spark-submit handed the application to YARN, or ended before it did. */
    record LaunchDone(Optional<AppId> app, String failure, Duration took) implements Observation {
    }

    /** What a search for the application by its tag found (after a restart). */
    record TagSearched(Optional<AppReport> app) implements Observation {
    }

    /**
     * YARN's report of the application, empty when YARN does not know it.
     *
     * @param tasksStarted tasks the application's event log shows started so far
     * @param eventLog     the application's event log, once it is found
     * @param stages       its stages as the event log shows them while it runs, once a task has finished: what
     *                     re-planning reads (issue 25)
     */
    record AppSeen(Optional<AppReport> report, long tasksStarted, Optional<Path> eventLog,
                   Optional<List<StageProgress>> stages) implements Observation {

        /** A report without the stages. */
        public AppSeen(Optional<AppReport> report, long tasksStarted, Optional<Path> eventLog) {
            this(report, tasksStarted, eventLog, Optional.empty());
        }
    }

    /**
     * A running application's stages as its event log shows them (issue 25): what re-planning reads. Sent only once
     * a task has finished, so that every stage has a task time to plan with.
     */
    record Progressed(List<StageProgress> stages) implements Observation {

        public Progressed {
            stages = List.copyOf(stages);
        }
    }

    /**
     * The answer to {@link Action.Resize}.
     *
     * @param holdEnds when the reservation now ends, once YARN took the update
     * @param refusal  why the plan or the cluster said no (the job runs on at its size and may ask again later)
     * @param off      why re-planning cannot work for this run at all (its driver cannot be reached)
     */
    record Resized(Action.Resize asked, Optional<Instant> holdEnds, Optional<String> refusal, Optional<String> off)
            implements Observation {
    }

    /** Someone (a user's Ctrl-C, a DELETE) wants the submission stopped. */
    record KillAsked(String why) implements Observation {
    }
}
