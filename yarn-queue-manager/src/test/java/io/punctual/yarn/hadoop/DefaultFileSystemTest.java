package io.punctual.yarn.hadoop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.yarn.GatewayException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DefaultFileSystemTest {

    @TempDir
    Path confDir;

    private void coreSite(String properties) throws Exception {
        Files.writeString(confDir.resolve("core-site.xml"), "<?xml version=\"1.0\"?>\n<configuration>" + properties
                + "</configuration>\n");
    }

    private static String property(String name, String value) {
        return "<property><name>" + name + "</name><value>" + value + "</value></property>";
    }

    @Test
    void aDirectoryWithoutCoreSiteOrWithoutTheKeyMeansTheLocalFileSystem() throws Exception {
        assertThat(DefaultFileSystem.of(confDir)).isEqualTo(URI.create("file:///"));

        coreSite(property("hadoop.tmp.dir", "/tmp/x"));

        assertThat(DefaultFileSystem.of(confDir)).isEqualTo(URI.create("file:///"));
    }

    @Test
    void theClustersDefaultFsIsReadFromCoreSite() throws Exception {
        coreSite(property("fs.defaultFS", " hdfs://namenode:8020 "));

        assertThat(DefaultFileSystem.of(confDir)).isEqualTo(URI.create("hdfs://namenode:8020"));
    }

    @Test
    void aValueWithoutASchemeStopsWithTheFileAndTheKey() throws Exception {
        coreSite(property("fs.defaultFS", "namenode:8020/x y"));

        assertThatThrownBy(() -> DefaultFileSystem.of(confDir)).isInstanceOf(GatewayException.class)
                .hasMessageContaining("fs.defaultFS").hasMessageContaining(confDir.resolve("core-site.xml").toString());
    }
}
