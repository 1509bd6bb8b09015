package io.punctual.history.eventlog;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.util.OptionalLong;

/** Reads the application-level events: log start, environment, application start and end, executors. */
final class ApplicationEvents {

    private final RunAssembler run;

    ApplicationEvents(RunAssembler run) {
        this.run = run;
    }

    void executorAdded(JsonParser p) throws IOException {
        long time = -1;
        String id = null;
        int cores = 0;
        for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
            p.nextToken();
            switch (f) {
                case "Timestamp" -> time = p.getLongValue();
                case "Executor ID" -> id = p.getValueAsString();
                case "Executor Info" -> cores = (int) JsonValues.sumOf(p, "Total Cores", null);
                default -> p.skipChildren();
            }
        }
        if (id == null) {
            throw new IOException("executor added without an executor id");
        }
        run.executors.putIfAbsent(id, new RunAssembler.ExecutorState(id, time, cores));
    }

    void executorRemoved(JsonParser p) throws IOException {
        long time = -1;
        String id = null;
        for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
            p.nextToken();
            switch (f) {
                case "Timestamp" -> time = p.getLongValue();
                case "Executor ID" -> id = p.getValueAsString();
                default -> p.skipChildren();
            }
        }
        RunAssembler.ExecutorState executor = id == null ? null : run.executors.get(id);
        if (executor != null) {
            executor.removedMs = OptionalLong.of(time);
        }
    }

    void environment(JsonParser p) throws IOException {
        for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
            JsonToken value = p.nextToken();
            switch (f) {
                case "Spark Properties" -> properties(p, value, true);
                case "System Properties" -> properties(p, value, false);
                default -> p.skipChildren();
            }
        }
    }

    /** Reads a property map written as an object, or as an array of [key, value] pairs. */
    private void properties(JsonParser p, JsonToken value, boolean spark) throws IOException {
        if (value == JsonToken.START_OBJECT) {
            for (String key = p.nextFieldName(); key != null; key = p.nextFieldName()) {
                p.nextToken();
                keep(key, p, spark);
            }
        } else if (value == JsonToken.START_ARRAY) {
            while (p.nextToken() == JsonToken.START_ARRAY) {
                p.nextToken();
                String key = p.getValueAsString();
                p.nextToken();
                keep(key, p, spark);
                p.nextToken();
            }
        } else {
            p.skipChildren();
        }
    }

    private void keep(String key, JsonParser p, boolean spark) throws IOException {
        if (spark && key != null && RunAssembler.keepsProperty(key)) {
            run.properties.put(key, p.getValueAsString());
        } else if (!spark && "sun.java.command".equals(key)) {
            run.javaCommand = p.getValueAsString();
        } else {
            p.skipChildren();
        }
    }

    void applicationStart(JsonParser p) throws IOException {
        for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
            p.nextToken();
            switch (f) {
                case "App Name" -> run.appName = p.getValueAsString();
                case "App ID" -> run.appId = p.getValueAsString();
                case "Timestamp" -> run.startMs = p.getLongValue();
                case "User" -> run.user = p.getValueAsString();
                case "App Attempt ID" -> run.attemptId = p.getValueAsString();
                default -> p.skipChildren();
            }
        }
        run.started = true;
    }

    void applicationEnd(JsonParser p) throws IOException {
        for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
            p.nextToken();
            if (f.equals("Timestamp")) {
                run.endMs = p.getLongValue();
            } else {
                p.skipChildren();
            }
        }
    }

    void logStart(JsonParser p) throws IOException {
        for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
            p.nextToken();
            if (f.equals("Spark Version")) {
                run.sparkVersion = p.getValueAsString();
            } else {
                p.skipChildren();
            }
        }
    }
}
