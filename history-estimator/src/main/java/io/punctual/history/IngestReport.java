package io.punctual.history;

import io.punctual.sizing.JobKey;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Optional;
import io.punctual.history.run.RunId;

/** What one {@code punctual history ingest} did, one outcome per log found or location that failed. */
public record IngestReport(String target, List<Outcome> outcomes) {

    /** The fate of one log, or of one place that could not be looked at. */
    public sealed interface Outcome permits Stored, Unchanged, Skipped, Rejected, Unreachable {
        String location();

        /** One word for summaries: stored, unchanged, skipped, rejected, unreachable. */
        String kind();

        /** The sentence a user reads. */
        String message();
    }

    /** A run was written. It may still be kept out of training ({@code excludedReason}). */
    public record Stored(String location, RunId runId, JobKey jobKey, Optional<String> excludedReason,
                         Optional<String> note) implements Outcome {
        public String kind() {
            return "stored";
        }

        public String message() {
            return runId + " (" + jobKey + ")" + note.map(n -> ", " + n).orElse("")
                    + excludedReason.map(r -> "; kept out of training: " + r).orElse("");
        }
    }

    /** Nothing new: the same log (or the same run) is already in the store. */
    public record Unchanged(String location, String message) implements Outcome {
        public String kind() {
            return "unchanged";
        }
    }

    /** Readable, but the store already holds a better record of the same attempt. */
    public record Skipped(String location, RunId runId, String message) implements Outcome {
        public String kind() {
            return "skipped";
        }
    }

    /** Not a usable event log, or it could not be read. */
    public record Rejected(String location, String message) implements Outcome {
        public String kind() {
            return "rejected";
        }
    }

    /** A directory, file system or History Server that could not be looked at. */
    public record Unreachable(String location, String message) implements Outcome {
        public String kind() {
            return "unreachable";
        }
    }

    public IngestReport {
        outcomes = List.copyOf(outcomes);
    }

    public long count(String kind) {
        return outcomes.stream().filter(o -> o.kind().equals(kind)).count();
    }

    /** True when nothing failed: every log was stored, unchanged or skipped for a stated reason. */
    public boolean clean() {
        return count("rejected") == 0 && count("unreachable") == 0;
    }

    public String toText() {
        StringBuilder out = new StringBuilder();
        for (Outcome o : outcomes) {
            out.append(String.format("%-11s %s%n            %s%n", o.kind(), o.location(), o.message()));
        }
        out.append(String.format("%d stored, %d unchanged, %d skipped, %d rejected, %d unreachable (from %s)%n",
                count("stored"), count("unchanged"), count("skipped"), count("rejected"), count("unreachable"), target));
        return out.toString();
    }

    public String toJson() {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode().put("target", target);
        ObjectNode summary = root.putObject("summary");
        for (String kind : List.of("stored", "unchanged", "skipped", "rejected", "unreachable")) {
            summary.put(kind, count(kind));
        }
        ArrayNode list = root.putArray("outcomes");
        for (Outcome o : outcomes) {
            ObjectNode n = list.addObject().put("kind", o.kind()).put("location", o.location()).put("message", o.message());
            if (o instanceof Stored s) {
                n.put("runId", s.runId().toString()).put("jobKey", s.jobKey().toString())
                        .put("excludedReason", s.excludedReason().orElse(null));
            }
        }
        try {
            return mapper.writeValueAsString(root);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot render the ingest report as JSON", e);
        }
    }
}
