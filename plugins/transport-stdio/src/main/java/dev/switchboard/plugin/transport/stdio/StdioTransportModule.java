package dev.switchboard.plugin.transport.stdio;

import com.google.inject.AbstractModule;

/**
 * The plugin's Guice module. It binds nothing: {@link StdioTransport} needs only what the kernel's parent injector
 * already provides, and it opens the process's standard streams itself when it starts, not when it is created.
 */
public final class StdioTransportModule extends AbstractModule {

    @Override
    protected void configure() {
        // nothing to bind; see the class comment
    }
}
