package io.punctual.submit.pipeline;

import io.punctual.yarn.AppId;
import java.time.Instant;
import java.util.Optional;
import io.punctual.yarn.ReservationId;

/** What {@link SubmissionMachine} asks to be done; a {@link Conductor} does it and reports back an {@link Observation}. */
public sealed interface Action {

    /**
     * Learn and size, to complete by {@code completeBy} when arbitration moved the completion past the deadline.
     * Answered by {@link Observation.SizingDone}.
     */
    record Size(Optional<Instant> completeBy) implements Action {

        public Size() {
            this(Optional.empty());
        }
    }

    /** Ask YARN for the reservation, ending by {@code completeBy} if set. Answered by {@link Observation.ReservationDone}. */
    record Reserve(Sizing sizing, Optional<Instant> completeBy) implements Action {

        public Reserve(Sizing sizing) {
            this(sizing, Optional.empty());
        }
    }

    /** Look at the reservation's queue. Answered by {@link Observation.QueueSeen} or {@link Observation.QueueLost}. */
    record CheckQueue(ReservationId reservation) implements Action {
    }

    /** Start spark-submit into {@code queue}. Answered by {@link Observation.LaunchDone}. */
    record Launch(Sizing sizing, String queue) implements Action {
    }

    /** Stop a spark-submit a previous process left behind and look for the application by its tag. */
    record FindByTag() implements Action {
    }

    /** Ask YARN about the application. Answered by {@link Observation.AppSeen}. */
    record Poll(AppId app) implements Action {
    }

    record Kill(AppId app, String why) implements Action {
    }

    /**
     * Move the application out of its reservation's queue into its team's queue, else the site's best-effort queue,
     * before the reservation ends at {@code holdEnds}, so that YARN does not kill it there (see
     * {@code ClusterGateway.leaveReservation}).
     */
    record LeaveReservation(AppId app, Instant holdEnds) implements Action {
    }

    /**
     * Move an application launched ahead of its reservation into the reservation's queue, once YARN runs that queue
     * (see {@code ClusterGateway.enterReservation}); nothing happens before. Nothing answers: the next report shows
     * the queue it is in.
     */
    record EnterReservation(AppId app, ReservationId reservation) implements Action {
    }

    /**
     * Re-plan a running job (issue 25): its reservation held from now to {@code holdEnds} at {@code to} executors
     * (updated in YARN's plan), then its executor target moved there. Answered by {@link Observation.Resized}.
     *
     * @param why the planner's verdict, for the record
     */
    record Resize(AppId app, Optional<ReservationId> reservation, Sizing sizing, int from, int to, Instant holdEnds,
                  String why) implements Action {
    }

    record Release(ReservationId reservation) implements Action {
    }

    /** Feed a finished application back into its history and Justice's state. */
    record Learn(SubmissionOutcome.Finished finished) implements Action {
    }

    /** Tell the user (the CLI prints it, the gateway logs it on the batch). */
    record Tell(SubmissionEvent event) implements Action {
    }
}
