package dev.switchboard.ports.http;

import java.util.Map;

/**
 * The headers an HTTP transport adds to every {@link HttpEndpoint} response that does not set them itself: pages
 * are not sniffed, framed, cached or given a referrer, and HTML may load nothing but inline styles and its own images
 * (no script at all). A handler that needs more sets the header itself.
 */
public interface SecurityHeaders {

    /** Added to every endpoint response, by name, unless the response sets that header. */
    Map<String, String> DEFAULTS = Map.of(
            "X-Content-Type-Options", "nosniff",
            "X-Frame-Options", "DENY",
            "Cache-Control", "no-store",
            "Referrer-Policy", "no-referrer");

    /** The {@code Content-Security-Policy} added to {@code text/html} responses that set none. */
    String HTML_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; "
            + "img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
}
