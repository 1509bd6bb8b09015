package io.punctual.yarn.embedded;

import java.lang.reflect.Field;
import org.apache.hadoop.yarn.server.MiniYARNCluster;
import org.apache.hadoop.yarn.server.resourcemanager.ResourceManager;
import org.apache.hadoop.yarn.webapp.WebApp;

/**
 * A MiniYARNCluster whose ResourceManager web services answer. Every YARN web app routes requests through Guice's
 * servlet filter, which keeps its routing table in a static field: in one JVM the web app started last wins. The
 * NodeManagers start theirs after the ResourceManager, so the RM's REST API (scheduler, scheduler-conf, apps) would
 * answer with the NodeManager's routes. Restarting the RM's web app once everything is up makes it the last one.
 */
final class SingleJvmCluster extends MiniYARNCluster {

    private RestartableWebAppResourceManager resourceManager;

    SingleJvmCluster(String name, int nodeManagers) {
        super(name, 1, nodeManagers, 1, 1);
    }

    @Override
    protected ResourceManager createResourceManager() {
        resourceManager = new RestartableWebAppResourceManager();
        return resourceManager;
    }

    /** Makes the ResourceManager's web app the one Guice routes to; call after every NodeManager started. */
    void claimWebRoutes() {
        resourceManager.restartWebApp();
    }

    private static final class RestartableWebAppResourceManager extends ResourceManager {

        void restartWebApp() {
            try {
                Field field = ResourceManager.class.getDeclaredField("webApp");
                field.setAccessible(true);
                WebApp running = (WebApp) field.get(this);
                if (running == null) {
                    throw new IllegalStateException("the ResourceManager web app is not running");
                }
                // Come back on the port the first start bound: clients already read it from the configuration.
                webAppAddress = running.getListenerAddress().getHostString() + ":" + running.port();
                running.stop();
                startWepApp();
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot restart the ResourceManager web app of this Hadoop version", e);
            }
        }
    }
}
