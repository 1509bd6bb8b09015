package io.punctual.yarn.doctor;

import java.util.List;
import java.util.Objects;

/**
 * What a Punctual installation will ask of the cluster, from its site and team configuration.
 *
 * @param planQueue     the reservable queue deadline jobs reserve in
 * @param user          the user the gateway runs as (it reserves, submits and changes queues)
 * @param proxyUsers    every user some team's applications may run as; empty when no team impersonates
 * @param writableDirs  directories Punctual and its applications write (event logs, the Spark archive), as URIs
 */
public record Expectations(String planQueue, String user, List<String> proxyUsers, List<String> writableDirs) {

    public Expectations {
        Objects.requireNonNull(planQueue, "planQueue");
        Objects.requireNonNull(user, "user");
        proxyUsers = List.copyOf(proxyUsers);
        writableDirs = List.copyOf(writableDirs);
    }
}
