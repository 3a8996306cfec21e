package io.helidon.webserver.archfixture;

/**
 * Stands in for a Helidon web server type. It lives under {@code io.helidon.webserver} (in a sub-package no Helidon
 * release uses) so that {@code helidon_webserver_only_in_http_transport} can be shown failing without pulling
 * Helidon into this module.
 */
public final class WebServerStandIn {

    /**
     * Pretends to start serving.
     *
     * @return the port
     */
    public int start() {
        return 0;
    }
}
