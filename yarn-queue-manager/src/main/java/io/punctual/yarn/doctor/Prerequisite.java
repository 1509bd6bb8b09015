package io.punctual.yarn.doctor;

/**
 * What a YARN cluster must have for Punctual to work in front of it (the prerequisites page,
 * {@code docs/prerequisites.md}, explains each), with what to change when it is missing.
 */
public enum Prerequisite {
    RESOURCE_MANAGER("the ResourceManager answers",
            "start it, and point HADOOP_CONF_DIR (or YARN_CONF_DIR) at a client configuration whose"
                    + " yarn.resourcemanager.address (with HA: ha.rm-ids and address.<id>) names it"),
    RESERVATION_SYSTEM("the ReservationSystem is on",
            "set yarn.resourcemanager.reservation-system.enable=true in the ResourceManager's yarn-site.xml and"
                    + " restart it"),
    PLAN_QUEUE("the plan queue is reservable",
            "make the plan queue a leaf with yarn.scheduler.capacity.<queue-path>.reservable=true (and some"
                    + " capacity), or set punctual.cluster.plan-queue to a reservable queue"),
    WEB_APP("the ResourceManager's web services answer",
            "set yarn.resourcemanager.webapp.address (HTTPS: webapp.https.address and yarn.http.policy; with HA,"
                    + " .<id>) in the client's yarn-site.xml to where its REST API listens"),
    MUTABLE_QUEUES("queues can be changed at run time",
            "set yarn.scheduler.configuration.store.class (fs, leveldb or zk; memory loses changes on restart) in"
                    + " the ResourceManager's yarn-site.xml and restart it; team queues need it"),
    ADMIN_ACL("the gateway's user may change queues",
            "add the gateway's user to yarn.admin.acl (or one of its groups) on the ResourceManager, then"
                    + " yarn rmadmin -refreshAdminAcls"),
    PROXY_USERS("the gateway's user may run applications as the teams' proxy-users",
            "set hadoop.proxyuser.<gateway user>.hosts and .users (or .groups) in core-site.xml of the"
                    + " ResourceManager and the NameNode, then yarn rmadmin -refreshSuperUserGroupsConfiguration"
                    + " and hdfs dfsadmin -refreshSuperUserGroupsConfiguration"),
    DIRECTORIES("Punctual's directories are writable",
            "create the directory (punctual.history.event-log-dir, punctual.spark.archive-dir) and give the"
                    + " gateway's user write access; event logs must also be writable by every proxy-user");

    private final String title;
    private final String fix;

    Prerequisite(String title, String fix) {
        this.title = title;
        this.fix = fix;
    }

    public String title() {
        return title;
    }

    public String fix() {
        return fix;
    }
}
