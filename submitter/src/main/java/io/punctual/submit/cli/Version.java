package io.punctual.submit.cli;

import io.punctual.submit.BuildVersion;

/** The version line {@code --version} prints. */
final class Version {

    private Version() {
    }

    static String describe() {
        BuildVersion v = BuildVersion.current();
        return "Punctual " + v.punctual() + " for Spark " + v.spark() + " on Hadoop YARN " + v.hadoop();
    }
}
