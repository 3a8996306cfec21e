package com.example.hello;

import org.pf4j.Plugin;

/** PF4J entry of the {@code hello} plugin. No lifecycle work: everything is contributed through the module. */
public final class HelloPlugin extends Plugin {

    /** Called by PF4J. */
    public HelloPlugin() {
        super();
    }
}
