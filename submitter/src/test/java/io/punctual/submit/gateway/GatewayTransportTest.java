package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** What the HTTP server itself promises: TLS from the site's keystore, and clients that stall or flood starve no one. */
class GatewayTransportTest {

    @RegisterExtension
    final InMemoryGatewayHarness harness = new InMemoryGatewayHarness();

    @Test
    void withAKeystoreConfiguredTheGatewaySpeaksHttpsOnlyWithThatCertificate() throws Exception {
        Path keystore = harness.tmp.resolve("gateway.p12");
        keytool("-genkeypair", "-alias", "punctual", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                "-storetype", "PKCS12", "-keystore", keystore.toString(), "-storepass", "changeit",
                "-dname", "CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1");
        site("punctual.gateway.tls.keystore = \"" + keystore + "\"\n"
                + "punctual.gateway.tls.keystore-password = \"changeit\"\n");
        Gateway gateway = harness.running();

        HttpResponse<String> version = trusting(keystore).send(HttpRequest.newBuilder(
                URI.create("https://127.0.0.1:" + gateway.port() + "/version")).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(gateway.scheme()).isEqualTo("https");
        assertThat(version.statusCode()).isEqualTo(200);
        assertThat(version.sslSession()).isPresent();
        assertThatThrownBy(() -> HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("https://127.0.0.1:" + gateway.port() + "/version")).build(),
                HttpResponse.BodyHandlers.ofString())).as("a client that does not trust the certificate")
                .isInstanceOf(javax.net.ssl.SSLHandshakeException.class);
    }

    @Test
    void aKeystoreThatIsNotThereStopsTheGatewayWithTheKeyAndTheFix() throws Exception {
        site("punctual.gateway.tls.keystore = \"" + harness.tmp.resolve("missing.p12") + "\"\n");

        assertThatThrownBy(harness::running).hasMessageContaining("punctual.gateway.tls.keystore")
                .hasMessageContaining("keytool");
    }

    @Test
    void clientsThatStallMidRequestAreCutOffAndDoNotStarveOthers() throws Exception {
        site("punctual.gateway.idle-timeout = 1s\n");
        Gateway gateway = harness.running();
        List<Socket> stalled = new ArrayList<>();
        try {
            // More stalled connections than the server has threads.
            for (int i = 0; i < 100; i++) {
                Socket socket = new Socket("127.0.0.1", gateway.port());
                socket.setSoTimeout(15_000);
                OutputStream out = socket.getOutputStream();
                out.write("POST /batches HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{\"fi".getBytes(
                        StandardCharsets.US_ASCII));
                out.flush();
                stalled.add(socket);
            }
            long started = System.nanoTime();
            HttpResponse<String> other = InMemoryGatewayHarness.call(gateway, InMemoryGatewayHarness.ANALYTICS,
                    "GET", "/batches", null);
            assertThat(other.statusCode()).isEqualTo(200);
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)).as("answered while 100 stall")
                    .isLessThan(1_000);

            for (Socket socket : stalled) {
                assertThat(endOrAnswer(socket)).as("each stalled connection is ended by the server").isTrue();
            }
        } finally {
            for (Socket socket : stalled) {
                socket.close();
            }
        }
    }

    /** Whether the server closed the connection (after answering it or not) before the socket's read timeout. */
    private static boolean endOrAnswer(Socket socket) throws Exception {
        InputStream in = socket.getInputStream();
        try {
            while (in.read() >= 0) {
                // an error answer may come first; the end of the stream is what counts
            }
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (java.net.SocketException reset) {
            return true;
        }
    }

    private void site(String lines) throws Exception {
        Path site = harness.confDir.resolve("site.conf");
        Files.writeString(site, Files.readString(site) + "\n" + lines);
    }

    private static HttpClient trusting(Path keystore) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            store.load(in, "changeit".toCharArray());
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(store);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, trust.getTrustManagers(), null);
        return HttpClient.newBuilder().sslContext(tls).connectTimeout(Duration.ofSeconds(10)).build();
    }

    private static void keytool(String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(output).isZero();
    }
}
