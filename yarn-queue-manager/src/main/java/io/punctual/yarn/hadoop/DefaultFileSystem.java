package io.punctual.yarn.hadoop;

import io.punctual.yarn.GatewayException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;

/**
 * The file system a path without a scheme means on a cluster: {@code fs.defaultFS} from its client configuration's
 * {@code core-site.xml}. Livy resolves a batch's scheme-less files against it, so the gateway does too; read here
 * because Hadoop's configuration type stays in this module.
 */
public final class DefaultFileSystem {

    /** Hadoop's own default: the local file system, as on the embedded cluster. */
    public static final URI LOCAL = URI.create("file:///");

    private DefaultFileSystem() {
    }

    /**
     * {@code fs.defaultFS} (or its old name {@code fs.default.name}) of {@code confDir/core-site.xml}; {@link #LOCAL}
     * when the directory has no such file or the file sets neither.
     *
     * @throws GatewayException when the value is not a URI with a scheme, naming the file and the key
     */
    public static URI of(Path confDir) {
        Path coreSite = confDir.resolve("core-site.xml");
        if (!Files.isRegularFile(coreSite)) {
            return LOCAL;
        }
        Configuration conf = new Configuration(false);
        conf.addResource(new org.apache.hadoop.fs.Path(coreSite.toUri()));
        String value = conf.getTrimmed("fs.defaultFS", conf.getTrimmed("fs.default.name", LOCAL.toString()));
        try {
            URI uri = new URI(value);
            if (uri.getScheme() == null) {
                throw new URISyntaxException(value, "no scheme");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw new GatewayException("fs.defaultFS in " + coreSite + " is '" + value + "', not a URI with a scheme"
                    + " (e.g. hdfs://namenode:8020 or file:///); fix the cluster's client configuration");
        }
    }
}
