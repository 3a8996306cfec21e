package dev.switchboard.kernel.testplugins.lifecycle;

import java.util.Arrays;
import java.util.List;

/**
 * An event journal kept in a system property, because test plugin classes are loaded again by their plugin's class
 * loader and their statics are not the test's. Thread-safe enough for tests (synchronised on the property map).
 */
public final class Journal {

    /** The system property that holds the events, comma-separated. */
    public static final String PROPERTY = "switchboard.test.journal";

    private Journal() {}

    /** @param event appended to the journal */
    public static void record(String event) {
        synchronized (System.getProperties()) {
            String before = System.getProperty(PROPERTY);
            System.setProperty(PROPERTY, before == null || before.isEmpty() ? event : before + "," + event);
        }
    }

    /** @return the events so far, oldest first */
    public static List<String> events() {
        String value = System.getProperty(PROPERTY, "");
        return value.isEmpty() ? List.of() : Arrays.asList(value.split(","));
    }

    /** Empties the journal. */
    public static void clear() {
        System.clearProperty(PROPERTY);
    }
}
