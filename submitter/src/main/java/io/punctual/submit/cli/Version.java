package io.punctual.submit.cli;

/** The version line {@code --version} prints. */
final class Version {

    private Version() {
    }

    static String describe() {
        String punctual = Version.class.getPackage().getImplementationVersion();
        return "Punctual " + (punctual == null ? "(development build)" : punctual)
                + " for Spark 3.5 on Hadoop YARN 3.3";
    }
}
