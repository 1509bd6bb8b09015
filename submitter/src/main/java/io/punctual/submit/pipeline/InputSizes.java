package io.punctual.submit.pipeline;

import java.util.ArrayList;
import java.util.List;

/**
 * Measures a job's input on the cluster's file system, for sizing a job that has no history from the splits Spark
 * will make of it. The gateway and the CLI measure the cluster's file system; the simulator answers from its trace.
 */
@FunctionalInterface
public interface InputSizes {

    /** Nothing can be measured (no file system to ask): a job's width then comes from its other hints. */
    InputSizes NONE = path -> Size.unread(path + ": input sizes are not read here");

    /** The bytes under one path (a directory counts everything under it), or why it could not be read. */
    Size size(String path);

    /**
     * The same measure, taken as {@code user}: the one the application will run as ({@code --proxy-user}), so sizing
     * can size only what the job itself could read. Where every user sees the same files, this.
     */
    default InputSizes as(String user) {
        return this;
    }

    /** Their total size, over the paths that could be read, and why each other one could not. */
    default Measured measure(List<String> paths) {
        long bytes = 0;
        int read = 0;
        List<String> unread = new ArrayList<>();
        for (String path : paths) {
            Size size = size(path);
            if (size.unread() == null) {
                bytes += size.bytes();
                read++;
            } else {
                unread.add(size.unread());
            }
        }
        return new Measured(bytes, read, unread);
    }

    /** @param unread why the path could not be read (naming it), or null when {@code bytes} is its size */
    record Size(long bytes, String unread) {

        public static Size of(long bytes) {
            return new Size(bytes, null);
        }

        public static Size unread(String why) {
            return new Size(0, why);
        }
    }

    /**
     * @param bytes  the bytes under the paths read
     * @param read   how many paths were read
     * @param unread for each path that could not be read, the path and why
     */
    record Measured(long bytes, int read, List<String> unread) {

        public Measured {
            unread = List.copyOf(unread);
        }
    }
}
