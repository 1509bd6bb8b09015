package io.punctual.submit.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.punctual.submit.bench.GatewayClient;
import java.io.PrintStream;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * {@code punctual batches list|log|kill}: a team's batches on a running gateway, through the same Livy API its
 * schedulers use ({@code GET /batches}, {@code GET /batches/{id}/log}, {@code DELETE /batches/{id}}).
 */
public final class BatchesCommand implements Command {

    static final String USAGE = """
            Usage: punctual batches list [--from <n>] [--size <n>] [--json] [--gateway <url>] [--token <token>]
                   punctual batches log <id> [--from <n>] [--size <n>] [--json] [--gateway <url>] [--token <token>]
                   punctual batches kill <id> [--gateway <url>] [--token <token>]

            The token's team's batches on a running gateway, through its Livy API.
              list   the batches the gateway lists (a finished one leaves the list after the site's
                     retention, 600 s by default): id, state, detail, YARN application, job, deadline;
                     --from/--size page it as Livy does (from 0, 100 at a time)
              log    a batch's log: Punctual's steps, spark-submit's output, YARN's diagnostics; without
                     --from the last --size lines (100), --size -1 every line
              kill   kills the batch's application and releases its reservation (DELETE /batches/<id>)
            --json prints the gateway's answer as it came. --gateway defaults to $PUNCTUAL_GATEWAY, else
            http://127.0.0.1:8998; --token (the team's) to $PUNCTUAL_TOKEN.
            Exit status: 0 done; 1 the gateway did not answer (within 15 s to connect and 10 s to answer,
            tried twice), refused the token (401, 403), or has no such batch of the team (404); 2 a wrong
            command line.
            """;

    private static final String FROM = "--from";
    private static final String SIZE = "--size";
    private static final String JSON = "--json";
    /** Livy's page size, for the listing and for a log. */
    private static final int LIVY_PAGE = 100;

    @Override
    public String summary() {
        return "list a team's batches on a gateway, print one's log, or kill it";
    }

    @Override
    public int run(List<String> argv, CliContext context) {
        if (argv.isEmpty() || argv.get(0).equals("--help") || argv.get(0).equals("help")) {
            context.out().print(USAGE);
            return argv.isEmpty() ? ExitStatus.USAGE : ExitStatus.OK;
        }
        String action = argv.get(0);
        if (!Set.of("list", "log", "kill").contains(action)) {
            throw new UsageException("unknown action '" + action + "' for 'punctual batches': give list, log or kill;"
                    + " run 'punctual batches --help'");
        }
        Flags flags = Flags.parse(argv.subList(1, argv.size()), Set.of(FROM, SIZE, GatewayAddress.GATEWAY,
                GatewayAddress.TOKEN), Set.of(JSON, "--help"), "batches " + action);
        if (flags.has("--help")) {
            context.out().print(USAGE);
            return ExitStatus.OK;
        }
        return switch (action) {
            case "list" -> list(flags, context);
            case "log" -> log(flags, context);
            default -> kill(flags, context);
        };
    }

    private static int list(Flags flags, CliContext context) {
        if (!flags.positional().isEmpty()) {
            throw new UsageException("'punctual batches list' takes no batch id, got " + flags.positional()
                    + "; 'punctual batches log <id>' shows one batch's log");
        }
        int from = atLeast(flags, FROM, 0, 0);
        int size = atLeast(flags, SIZE, LIVY_PAGE, 1);
        JsonNode page = GatewayAddress.from(flags, context, "'punctual batches list'").client().batches(from, size);
        if (flags.has(JSON)) {
            context.out().println(page);
            return ExitStatus.OK;
        }
        PrintStream out = context.out();
        out.printf("%5s  %-12s %-11s %-32s %-28s %s%n", "id", "state", "detail", "application", "job", "deadline");
        for (JsonNode batch : page.path("sessions")) {
            out.printf("%5d  %-12s %-11s %-32s %-28s %s%n", batch.path("id").asInt(), text(batch, "state"),
                    text(batch, "stateDetail"), text(batch, "appId"), text(batch, "jobKey"), text(batch, "deadline"));
        }
        int shown = page.path("sessions").size();
        out.println(shown == 0 ? "no batches listed (of " + page.path("total").asInt() + ")"
                : "batches " + from + "-" + (from + shown - 1) + " of " + page.path("total").asInt() + " listed");
        return ExitStatus.OK;
    }

    private static int log(Flags flags, CliContext context) {
        int id = batchId(flags.onlyPositional("batch id", "batches log"), "'punctual batches log'");
        OptionalInt from = flags.value(FROM).isPresent() ? OptionalInt.of(atLeast(flags, FROM, 0, 0))
                : OptionalInt.empty();
        int size = atLeast(flags, SIZE, LIVY_PAGE, -1);
        GatewayClient gateway = GatewayAddress.from(flags, context, "'punctual batches log'").client();
        try {
            JsonNode page = gateway.log(id, from, size);
            if (flags.has(JSON)) {
                context.out().println(page);
            } else {
                page.path("log").forEach(line -> context.out().println(line.asText()));
            }
            return ExitStatus.OK;
        } catch (GatewayClient.GatewayRefusal e) {
            return notFound(e, gateway, id, context);
        }
    }

    private static int kill(Flags flags, CliContext context) {
        int id = batchId(flags.onlyPositional("batch id", "batches kill"), "'punctual batches kill'");
        GatewayClient gateway = GatewayAddress.from(flags, context, "'punctual batches kill'").client();
        try {
            JsonNode answer = gateway.kill(id);
            context.out().println("batch " + id + ": " + answer.path("msg").asText("deleted")
                    + " (its application is killed and its reservation released)");
            return ExitStatus.OK;
        } catch (GatewayClient.GatewayRefusal e) {
            return notFound(e, gateway, id, context);
        }
    }

    /** A 404 said in the user's terms; any other refusal goes on as it is (its message names status and hint). */
    static int notFound(GatewayClient.GatewayRefusal refusal, GatewayClient gateway, int id, CliContext context) {
        if (refusal.status() != 404) {
            throw refusal;
        }
        context.err().println("punctual: batch " + id + " not found at " + gateway.base() + ": the token's team has"
                + " no batch with that id (another team's batches are not shown to it); 'punctual batches list'"
                + " lists the team's");
        return ExitStatus.FAILED;
    }

    /** @param where the option or command the id was given to, for the message */
    static int batchId(String value, String where) {
        try {
            int id = Integer.parseInt(value.trim());
            if (id >= 0) {
                return id;
            }
        } catch (NumberFormatException e) {
            // told below
        }
        throw new UsageException(where + " takes a batch id, a whole number as POST /batches answered it; got '"
                + value + "'");
    }

    private static int atLeast(Flags flags, String name, int fallback, int least) {
        int value = flags.whole(name, fallback);
        if (value < least) {
            throw new UsageException(name + " must be at least " + least + (least == -1 ? " (-1: every line)" : "")
                    + ", got " + value);
        }
        return value;
    }

    private static String text(JsonNode batch, String field) {
        JsonNode value = batch.path(field);
        return value.isMissingNode() || value.isNull() ? "-" : value.asText();
    }
}
