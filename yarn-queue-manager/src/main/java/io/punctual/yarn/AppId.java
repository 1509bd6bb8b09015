package io.punctual.yarn;

import java.util.Objects;
import java.util.regex.Pattern;

/** A YARN application id such as {@code application_1700000000000_0001}, without YARN's own type. */
public record AppId(String value) {

    private static final Pattern FORM = Pattern.compile("application_\\d+_\\d+");

    public AppId {
        Objects.requireNonNull(value, "application id");
        if (!FORM.matcher(value).matches()) {
            throw new IllegalArgumentException("not a YARN application id: '" + value
                    + "' (expected application_<clusterTimestamp>_<sequence>)");
        }
    }

    @Override
    public String toString() {
        return value;
    }
}
