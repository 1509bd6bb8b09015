package io.punctual.submit.gateway;

import io.punctual.submit.config.SiteConfig;
import io.punctual.submit.config.TeamConfig;
import io.punctual.submit.request.SparkSettings;
import java.util.Map;

/**
 * What a team's request may reach beyond its own batches, decided before anything is recorded: its driver runs on
 * the cluster (the gateway's host holds every team's token). Whom it runs as was judged before the request was read
 * ({@link RunAs}), its local files as they were resolved ({@link LocalFiles}).
 */
record TeamAccess(TeamConfig team, SiteConfig.Gateway site) {

    /**
     * @param conf the Spark conf the batch would run with (request over the team's and the site's settings)
     * @throws RequestRefused naming what the team may not do and what to do instead
     */
    void check(Map<String, String> conf) {
        if (!SparkSettings.clusterMode(conf) && !site.clientModeTeams().contains(team.name())) {
            throw new RequestRefused("spark.submit.deployMode '" + conf.get("spark.submit.deployMode")
                    + "' would run the driver on the gateway's host, which team " + team.name() + " may not do:"
                    + " batches run in cluster mode. Drop the setting, or ask the site to add the team to"
                    + " punctual.gateway.client-mode-teams");
        }
    }
}
