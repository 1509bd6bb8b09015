package io.punctual.yarn.embedded;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP link in front of a ResourceManager's client port, so a test (or a drill on the embedded cluster) can take the
 * ResourceManager away from a gateway and give it back without stopping the cluster: {@linkplain #refuse refused} as a stopped ResourceManager's port is,
 * or {@linkplain #silence silent} as a hung one is (connections are taken, nothing comes back). Real sockets, real
 * Hadoop client: only the far end is held back.
 */
public final class ResourceManagerLink implements AutoCloseable {

    private enum Mode { OPEN, REFUSED, SILENT }

    private final InetSocketAddress target;
    private final int port;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private volatile Mode mode = Mode.OPEN;
    private volatile ServerSocket server;

    public ResourceManagerLink(String rmAddress) throws IOException {
        String[] hostPort = rmAddress.split(":");
        this.target = new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1]));
        this.server = listen(0);
        this.port = server.getLocalPort();
    }

    /** host:port that reaches the ResourceManager through the link. */
    public String address() {
        return "127.0.0.1:" + port;
    }

    /** Connections are refused and those open are cut, as when the ResourceManager process stops. */
    public synchronized void refuse() throws IOException {
        mode = Mode.REFUSED;
        server.close();
        sockets.forEach(ResourceManagerLink::closeQuietly);
    }

    /** Connections are taken and bytes accepted, but nothing reaches the ResourceManager or comes back. */
    public synchronized void silence() {
        mode = Mode.SILENT;
    }

    /** The ResourceManager is reachable again on the same address. */
    public synchronized void restore() throws IOException {
        if (mode == Mode.REFUSED) {
            server = listen(port);
        }
        mode = Mode.OPEN;
    }

    private ServerSocket listen(int onPort) throws IOException {
        ServerSocket socket = new ServerSocket();
        socket.setReuseAddress(true);
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), onPort));
        Thread accepting = new Thread(() -> accept(socket), "rm-link-accept");
        accepting.setDaemon(true);
        accepting.start();
        return socket;
    }

    private void accept(ServerSocket socket) {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                Socket rm = new Socket(target.getAddress(), target.getPort());
                sockets.add(client);
                sockets.add(rm);
                pump(client, rm);
                pump(rm, client);
            } catch (IOException closed) {
                return;
            }
        }
    }

    /** Copies bytes one way while the link is open; a silent link reads and drops them. */
    private void pump(Socket from, Socket to) {
        Thread copying = new Thread(() -> {
            byte[] buffer = new byte[8192];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    if (mode == Mode.OPEN) {
                        out.write(buffer, 0, n);
                        out.flush();
                    }
                }
            } catch (IOException ended) {
                // either side closed: the other follows
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "rm-link-pump");
        copying.setDaemon(true);
        copying.start();
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() {
        mode = Mode.REFUSED;
        try {
            server.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        sockets.forEach(ResourceManagerLink::closeQuietly);
    }
}
