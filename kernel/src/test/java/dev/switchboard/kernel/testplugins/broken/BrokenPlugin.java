package dev.switchboard.kernel.testplugins.broken;

import org.pf4j.Plugin;

/** A test plugin whose start always throws. */
public class BrokenPlugin extends Plugin {
    @Override
    public void start() {
        throw new IllegalStateException("broken on purpose");
    }
}
