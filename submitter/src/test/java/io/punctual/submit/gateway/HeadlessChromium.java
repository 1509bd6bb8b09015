package io.punctual.submit.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/**
 * A real headless Chromium (Debian's {@code chromium}) driven over the Chrome DevTools Protocol, with nothing but the
 * JDK: the browser is started with {@code --remote-debugging-port=0}, its port is read from the
 * {@code DevToolsActivePort} file in a fresh profile, and the page target's websocket is spoken to with
 * {@link java.net.http.WebSocket}. Commands are JSON {@code {id, method, params}}; answers carry the same id.
 */
public final class HeadlessChromium implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(30);
    /** The flags the machine's probe used: without the networking ones Chromium keeps dialling Google's hosts. */
    private static final List<String> FLAGS = List.of("--headless", "--no-sandbox", "--disable-gpu",
            "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--disable-extensions", "--disable-dev-shm-usage", "--window-size=1280,1100",
            "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0");

    private final Process process;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending;

    private HeadlessChromium(Process process, WebSocket socket, Map<Integer, CompletableFuture<JsonNode>> pending) {
        this.process = process;
        this.socket = socket;
        this.pending = pending;
    }

    /** The {@code chromium} binary on the PATH; a test that needs it fails, never skips, when it is missing. */
    public static Path locate() {
        Optional<Path> found = Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .filter(dir -> !dir.isBlank())
                .map(dir -> Path.of(dir, "chromium"))
                .filter(Files::isExecutable)
                .findFirst();
        return found.orElseThrow(() -> new AssertionError("chromium is not installed (no 'chromium' on the PATH): "
                + "run bin/test (the README's test command), which installs it, or `sudo apt-get install -y chromium` (Debian), then run this "
                + "test again. The jobs page is only tested in a real browser."));
    }

    /** Starts the browser on a fresh profile in {@code workDir} and attaches to its first page. */
    public static HeadlessChromium start(Path binary, Path workDir) throws IOException, InterruptedException {
        Path profile = Files.createDirectories(workDir.resolve("profile-" + System.nanoTime()));
        List<String> command = new ArrayList<>(List.of(binary.toString(), "--user-data-dir=" + profile));
        command.addAll(FLAGS);
        command.add("about:blank");
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(workDir.resolve("chromium.log").toFile()).start();
        try {
            int port = devToolsPort(profile, process);
            URI page = pageSocket(port);
            Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
            WebSocket socket = HttpClient.newHttpClient().newWebSocketBuilder()
                    .buildAsync(page, new Listener(pending)).get(30, TimeUnit.SECONDS);
            HeadlessChromium browser = new HeadlessChromium(process, socket, pending);
            browser.command("Page.enable", JSON.createObjectNode());
            return browser;
        } catch (Exception e) {
            stop(process);
            throw new IOException("could not attach to chromium (see " + workDir.resolve("chromium.log") + ")", e);
        }
    }

    private static int devToolsPort(Path profile, Process process) throws IOException, InterruptedException {
        Path portFile = profile.resolve("DevToolsActivePort");
        Instant giveUp = Instant.now().plusSeconds(60);
        while (Instant.now().isBefore(giveUp)) {
            if (!process.isAlive()) {
                throw new IOException("chromium exited with " + process.exitValue() + " before it opened DevTools");
            }
            if (Files.isRegularFile(portFile)) {
                List<String> lines = Files.readAllLines(portFile);
                if (!lines.isEmpty() && !lines.get(0).isBlank()) {
                    return Integer.parseInt(lines.get(0).trim());
                }
            }
            Thread.sleep(100);
        }
        throw new IOException("chromium did not write " + portFile + " within a minute");
    }

    private static URI pageSocket(int port) throws IOException, InterruptedException {
        HttpResponse<String> list = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/json/list")).build(), HttpResponse.BodyHandlers.ofString());
        for (JsonNode target : JSON.readTree(list.body())) {
            if (target.path("type").asText().equals("page")) {
                return URI.create(target.get("webSocketDebuggerUrl").asText());
            }
        }
        throw new IOException("chromium lists no page target: " + list.body());
    }

    /** Loads a page and waits for its load event. */
    public void navigate(String url) throws Exception {
        command("Page.navigate", JSON.createObjectNode().put("url", url));
        await(Duration.ofSeconds(30), () -> "complete".equals(evaluateQuietly("document.readyState")));
    }

    /** The value of a JavaScript expression in the page (promises awaited); an exception in the page fails. */
    public JsonNode evaluate(String expression) throws Exception {
        JsonNode answer = command("Runtime.evaluate", JSON.createObjectNode().put("expression", expression)
                .put("returnByValue", true).put("awaitPromise", true));
        if (answer.has("exceptionDetails")) {
            throw new AssertionError("the page threw while evaluating " + expression + ": "
                    + answer.get("exceptionDetails"));
        }
        return answer.path("result").path("value");
    }

    /** A JSON value the page built with {@code JSON.stringify(...)}. */
    public JsonNode evaluateJson(String expression) throws Exception {
        return JSON.readTree(evaluate("JSON.stringify(" + expression + ")").asText());
    }

    /** Polls a boolean expression until it holds. */
    public void awaitTrue(String expression, Duration timeout) throws Exception {
        await(timeout, () -> Boolean.TRUE.equals(evaluateQuietly(expression)));
    }

    public void screenshot(Path file) throws Exception {
        JsonNode shot = command("Page.captureScreenshot", JSON.createObjectNode().put("format", "png")
                .put("captureBeyondViewport", true));
        Files.createDirectories(file.getParent());
        Files.write(file, Base64.getDecoder().decode(shot.get("data").asText()));
    }

    private Object evaluateQuietly(String expression) {
        try {
            JsonNode value = evaluate(expression);
            return value.isBoolean() ? value.asBoolean() : value.asText();
        } catch (Exception | AssertionError e) {
            return null; // the page may be between documents; the caller polls again
        }
    }

    private void await(Duration timeout, BooleanSupplier condition) throws InterruptedException {
        Instant giveUp = Instant.now().plus(timeout);
        while (!condition.getAsBoolean()) {
            if (Instant.now().isAfter(giveUp)) {
                throw new AssertionError("the page did not reach the expected state within " + timeout);
            }
            Thread.sleep(250);
        }
    }

    private JsonNode command(String method, ObjectNode params) throws Exception {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        ObjectNode message = JSON.createObjectNode().put("id", id).put("method", method);
        message.set("params", params);
        socket.sendText(message.toString(), true).get(COMMAND_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        JsonNode reply = answer.get(COMMAND_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        if (reply.has("error")) {
            throw new IOException(method + " failed: " + reply.get("error"));
        }
        return reply.path("result");
    }

    @Override
    public void close() {
        try {
            command("Browser.close", JSON.createObjectNode());
        } catch (Exception e) {
            // the browser may already be gone; stop() below makes sure
        }
        socket.abort();
        stop(process);
    }

    private static void stop(Process process) {
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroy);
                process.destroy();
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    /** Collects a message's fragments and completes the command that the whole message answers. */
    private static final class Listener implements WebSocket.Listener {
        private final Map<Integer, CompletableFuture<JsonNode>> pending;
        private final StringBuilder partial = new StringBuilder();

        Listener(Map<Integer, CompletableFuture<JsonNode>> pending) {
            this.pending = pending;
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String text = partial.toString();
                partial.setLength(0);
                try {
                    answered(JSON.readTree(text));
                } catch (IOException e) {
                    throw new IllegalStateException("chromium sent a message that is not JSON: " + text, e);
                }
            }
            webSocket.request(1);
            return null;
        }

        private void answered(JsonNode message) {
            if (message.has("id")) {
                CompletableFuture<JsonNode> waiting = pending.remove(message.get("id").asInt());
                if (waiting != null) {
                    waiting.complete(message);
                }
            } // events (no id) are not needed: the tests poll the page's state
        }
    }
}
