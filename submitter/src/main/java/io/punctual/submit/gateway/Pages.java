package io.punctual.submit.gateway;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** The jobs page's static files, served from the class path under {@code /punctual/ui/}. */
public final class Pages {

    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8",
            "js", "text/javascript; charset=utf-8", "css", "text/css; charset=utf-8", "svg", "image/svg+xml");

    boolean serves(String path) {
        return resource(path) != null;
    }

    HttpCall.Answer serve(String path) {
        String name = resource(path);
        try (InputStream in = Pages.class.getResourceAsStream(name)) {
            if (in == null) {
                return HttpCall.Answer.json(404, BatchJson.message("no such page: " + path));
            }
            String extension = name.substring(name.lastIndexOf('.') + 1);
            return HttpCall.Answer.text(200, TYPES.getOrDefault(extension, "application/octet-stream"),
                    new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("could not read the page " + name + " from the class path", e);
        }
    }

    private static String resource(String path) {
        String file = path.equals("/") || path.isEmpty() ? "index.html" : path.substring(1);
        if (!file.matches("[a-z0-9-]+\\.(html|js|css|svg)")) {
            return null;
        }
        String name = "/punctual/ui/" + file;
        return Pages.class.getResource(name) == null ? null : name;
    }
}
