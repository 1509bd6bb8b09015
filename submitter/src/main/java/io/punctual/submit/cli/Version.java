package io.punctual.submit.cli;

import io.punctual.submit.home.BuildVersion;

/** The version line {@code --version} prints. */
public final class Version {

    private Version() {
    }

    public static String describe() {
        BuildVersion v = BuildVersion.current();
        return "Punctual " + v.punctual() + " for Spark " + v.spark() + " on Hadoop YARN " + v.hadoop();
    }
}
