package io.punctual.yarn.hadoop;

import io.punctual.yarn.GatewayException;
import io.punctual.yarn.ZeroCapacityRemedy;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.api.records.ResourceOption;
import org.apache.hadoop.yarn.client.ClientRMProxy;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.apache.hadoop.yarn.server.api.ResourceManagerAdministrationProtocol;
import org.apache.hadoop.yarn.server.api.protocolrecords.UpdateNodeResourceRequest;

/**
 * The remedy that works on any cluster: re-declare every running node's resource at its current value through the
 * admin protocol (what {@code yarn rmadmin -updateNodeResource} does). The scheduler treats it as a cluster-resource
 * update and recomputes every queue's effective resources on the next heartbeat. Needs admin rights on the RM.
 */
final class NodeResourceRefresh implements ZeroCapacityRemedy {

    private final Configuration conf;

    NodeResourceRefresh(Configuration conf) {
        this.conf = conf;
    }

    @Override
    public void apply() {
        YarnClient client = YarnClient.createYarnClient();
        client.init(conf);
        client.start();
        try {
            Map<NodeId, ResourceOption> sizes = new HashMap<>();
            for (NodeReport node : client.getNodeReports(NodeState.RUNNING)) {
                sizes.put(node.getNodeId(), ResourceOption.newInstance(node.getCapability(),
                        ResourceOption.OVER_COMMIT_TIMEOUT_MILLIS_DEFAULT));
            }
            ResourceManagerAdministrationProtocol admin =
                    ClientRMProxy.createRMProxy(conf, ResourceManagerAdministrationProtocol.class);
            admin.updateNodeResource(UpdateNodeResourceRequest.newInstance(sizes));
        } catch (IOException | YarnException e) {
            throw new GatewayException("could not refresh node resources to repair a zero-capacity reservation queue ("
                    + YarnGateway.firstLine(e) + "); this needs YARN admin rights (yarn.admin.acl)", e);
        } finally {
            client.stop();
        }
    }
}
