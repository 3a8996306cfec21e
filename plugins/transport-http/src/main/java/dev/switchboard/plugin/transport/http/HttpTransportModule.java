package dev.switchboard.plugin.transport.http;

import com.google.inject.AbstractModule;

/**
 * The plugin's Guice module. It binds nothing: {@link HttpTransport} needs only the
 * {@link dev.switchboard.ports.plugin.PluginContext} the kernel's parent injector provides, and it reads its settings
 * and opens its socket when it starts, not when it is created.
 */
public final class HttpTransportModule extends AbstractModule {

    @Override
    protected void configure() {
        // nothing to bind; see the class comment
    }
}
