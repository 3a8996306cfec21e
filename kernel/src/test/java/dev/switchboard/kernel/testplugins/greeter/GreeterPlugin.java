package dev.switchboard.kernel.testplugins.greeter;

import org.pf4j.Plugin;

/** A test plugin with one tool and one migration; its phase one sets {@value #PREPARED} to {@code true}. */
public class GreeterPlugin extends Plugin {

    /** The system property its {@code start()} (phase one) sets. */
    public static final String PREPARED = "switchboard.test.greeter.prepared";

    @Override
    public void start() {
        System.setProperty(PREPARED, "true");
    }
}
