package dev.switchboard.plugin.archfixture.alpha;

import io.helidon.webserver.archfixture.WebServerStandIn;

/** Breaks {@code helidon_webserver_only_in_http_transport}: a feature plugin opening its own web server. */
final class AlphaServesHttp {

    int serve(WebServerStandIn server) {
        return server.start();
    }
}
