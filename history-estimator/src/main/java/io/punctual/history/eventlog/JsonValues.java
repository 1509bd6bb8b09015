package io.punctual.history.eventlog;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Small values read out of a streaming parser positioned on them, skipping whatever else the value holds. */
final class JsonValues {

    private JsonValues() {
    }

    /** Sums up to two numeric fields of the object at the cursor, skipping the rest. */
    static long sumOf(JsonParser p, String first, String second) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            p.skipChildren();
            return 0;
        }
        long sum = 0;
        for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
            JsonToken value = p.nextToken();
            if ((f.equals(first) || f.equals(second)) && value.isNumeric()) {
                sum += p.getLongValue();
            } else {
                p.skipChildren();
            }
        }
        return sum;
    }

    /** A string field of the object at the cursor (e.g. "Reason" of "Task End Reason"), skipping the rest. */
    static String fieldOf(JsonParser p, JsonToken value, String field) throws IOException {
        if (value != JsonToken.START_OBJECT) {
            p.skipChildren();
            return null;
        }
        String found = null;
        for (String f = p.nextFieldName(); f != null; f = p.nextFieldName()) {
            p.nextToken();
            if (f.equals(field)) {
                found = p.getValueAsString();
            } else {
                p.skipChildren();
            }
        }
        return found;
    }

    static List<Integer> intArray(JsonParser p, JsonToken value) throws IOException {
        if (value != JsonToken.START_ARRAY) {
            p.skipChildren();
            return null;
        }
        List<Integer> out = new ArrayList<>();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            if (t == null) {
                throw new IOException("unterminated array");
            }
            if (t == JsonToken.VALUE_NUMBER_INT) {
                out.add(p.getIntValue());
            } else {
                p.skipChildren();
            }
        }
        return out;
    }
}
