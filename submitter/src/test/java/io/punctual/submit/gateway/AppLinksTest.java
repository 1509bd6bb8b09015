package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.yarn.AppId;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.AppState;
import io.punctual.yarn.GatewayException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The driver's log is asked for once per application, when it first runs; the Spark UI follows every report. */
class AppLinksTest {

    private static final AppId APP = new AppId("application_1_0001");
    private static final String LOG = "http://nm-1:8042/node/containerlogs/container_1_0001_01_000001/alice";

    private final List<AppId> asked = new ArrayList<>();
    private final AppLinks links = new AppLinks();

    private Function<AppId, Optional<String>> answering(Optional<String> url) {
        return id -> {
            asked.add(id);
            return url;
        };
    }

    private static AppReport report(AppState state, String tracking) {
        return new AppReport(APP, "job", "alice", "adhoc", state, state.name() + "/UNDEFINED", Set.of(),
                Instant.EPOCH, Optional.empty(), 0.5f, "", Optional.of(tracking));
    }

    @Test
    void aWaitingApplicationCostsNoLookUpAndARunningOneExactlyOneHoweverOftenItIsSeen() {
        links.observed(report(AppState.ACCEPTED, "http://rm/proxy/1/"), answering(Optional.of(LOG)));
        assertThat(asked).isEmpty();
        assertThat(links.driverLog(APP.value())).isEmpty();

        for (int round = 0; round < 3; round++) {
            links.observed(report(AppState.RUNNING, "http://rm/proxy/" + round + "/"), answering(Optional.of(LOG)));
        }

        assertThat(asked).containsExactly(APP);
        assertThat(links.driverLog(APP.value())).hasValue(LOG);
        assertThat(links.sparkUi(APP.value())).hasValue("http://rm/proxy/2/");
        links.observed(report(AppState.SUCCEEDED, "http://shs/history/1"), answering(Optional.empty()));
        assertThat(links.driverLog(APP.value())).as("kept after the container is gone").hasValue(LOG);
    }

    @Test
    void anEmptyAnswerIsKeptButAFailedCallIsAskedAgainNextRound() {
        links.observed(report(AppState.RUNNING, "http://rm/proxy/1/"), id -> {
            asked.add(id);
            throw new GatewayException("the ResourceManager did not answer");
        });
        assertThat(links.driverLog(APP.value())).isEmpty();

        links.observed(report(AppState.RUNNING, "http://rm/proxy/1/"), answering(Optional.empty()));
        links.observed(report(AppState.RUNNING, "http://rm/proxy/1/"), answering(Optional.of(LOG)));

        assertThat(asked).hasSize(2);
        assertThat(links.driverLog(APP.value())).isEmpty();
        assertThat(links.driverLog(null)).isEmpty();
    }
}
