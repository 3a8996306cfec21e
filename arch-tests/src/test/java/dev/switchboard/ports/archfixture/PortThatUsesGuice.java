package dev.switchboard.ports.archfixture;

import com.google.inject.Injector;

/** Breaks {@code ports_depend_only_on_the_jdk}: a port signature that forces Guice on every plugin. */
public interface PortThatUsesGuice {

    /**
     * Hands out the host's injector.
     *
     * @return the injector
     */
    Injector injector();
}
