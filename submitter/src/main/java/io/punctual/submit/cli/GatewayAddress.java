package io.punctual.submit.cli;

import io.punctual.submit.bench.GatewayClient;
import java.net.URI;
import java.util.Optional;

/**
 * Where a command finds a running gateway and how it proves its team: {@code --gateway}, else
 * {@code $PUNCTUAL_GATEWAY}, else Livy's local port; {@code --token}, else {@code $PUNCTUAL_TOKEN}. The token is never
 * printed.
 *
 * @param url   the gateway's base URL, http or https
 * @param token the team's bearer token
 */
record GatewayAddress(URI url, String token) {

    static final String GATEWAY = "--gateway";
    static final String TOKEN = "--token";
    /** Livy's port, where 'punctual serve' listens unless told otherwise. */
    static final String LOCAL_GATEWAY = "http://127.0.0.1:8998";

    /** @param why what the token is for, to say when it is missing */
    static GatewayAddress from(Flags flags, CliContext context, String why) {
        String url = flags.value(GATEWAY).or(() -> Optional.ofNullable(context.env().get("PUNCTUAL_GATEWAY")))
                .orElse(LOCAL_GATEWAY);
        String token = flags.value(TOKEN).or(() -> Optional.ofNullable(context.env().get("PUNCTUAL_TOKEN")))
                .filter(t -> !t.isBlank())
                .orElseThrow(() -> new UsageException(why + " needs the team's --token (or $PUNCTUAL_TOKEN): the"
                        + " gateway shows a team only its own batches"));
        return new GatewayAddress(parse(url), token);
    }

    private static URI parse(String url) {
        try {
            URI uri = URI.create(url.trim());
            if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null) {
                return uri;
            }
        } catch (IllegalArgumentException e) {
            // told below
        }
        throw new UsageException("--gateway (or $PUNCTUAL_GATEWAY) must be an http:// or https:// URL such as "
                + LOCAL_GATEWAY + ", got '" + url + "'");
    }

    /** A client with a command's patience, whose failure to connect says where to look. */
    GatewayClient client() {
        return GatewayClient.forCommand(url, token, "is a gateway running there? give its URL with --gateway (or"
                + " $PUNCTUAL_GATEWAY; the default is " + LOCAL_GATEWAY + "), or start one with 'punctual serve'");
    }
}
