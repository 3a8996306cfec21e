package dev.switchboard.bridge.mcp.transport;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import dev.switchboard.ports.transport.TransportException;

/**
 * The defence against DNS rebinding and cross-site requests: every request's {@code Host} header must name an
 * allowed host, and its {@code Origin}, when present, an allowed origin. Checked before authentication and before
 * anything is parsed. Only {@code http} and {@code https} origins qualify; {@code Origin: null}, user information,
 * paths and repeated headers are refused. Immutable and thread-safe.
 */
public final class OriginPolicy {

    /** The outcome of a check. */
    public enum Verdict {
        ALLOWED,
        HOST_REFUSED,
        ORIGIN_REFUSED
    }

    private record OriginEntry(String scheme, HostAndPort authority) {}

    private final List<HostAndPort> hosts;
    private final List<OriginEntry> origins;

    /**
     * @param allowedHosts   accepted {@code Host} values: {@code name} (any port) or {@code name:port}; at least one
     *                       (an empty list is refused: it never means "allow all")
     * @param allowedOrigins accepted {@code Origin} values: {@code name} (http and https, any port),
     *                       {@code scheme://name} (any port) or {@code scheme://name:port}; empty means no browser
     *                       origin is accepted
     * @param settingsPrefix the configuration prefix named in errors, such as {@code plugins.transport-http}
     * @throws TransportException if {@code allowedHosts} is empty or an entry cannot be parsed; the message names {@code <prefix>.allowed-hosts} or
     *                            {@code <prefix>.allowed-origins} and the entry
     */
    public OriginPolicy(List<String> allowedHosts, List<String> allowedOrigins, String settingsPrefix) {
        if (allowedHosts.isEmpty()) {
            throw new TransportException(settingsPrefix + ".allowed-hosts is empty: name at least one host (an empty"
                    + " list would refuse every request; it never means 'allow all')");
        }
        this.hosts = allowedHosts.stream()
                .map(entry -> HostAndPort.parse(entry)
                        .orElseThrow(() -> invalid(settingsPrefix, "allowed-hosts", entry, "host or host:port")))
                .toList();
        this.origins = allowedOrigins.stream()
                .map(entry -> originEntry(settingsPrefix, entry))
                .toList();
    }

    /**
     * @param hostHeaders   every {@code Host} header value of the request
     * @param originHeaders every {@code Origin} header value of the request
     * @return {@link Verdict#ALLOWED}, or which header is refused (a missing or repeated {@code Host} is refused)
     */
    public Verdict check(List<String> hostHeaders, List<String> originHeaders) {
        if (hostHeaders.size() != 1
                || HostAndPort.parse(hostHeaders.getFirst().strip())
                        .filter(host -> hosts.stream().anyMatch(allowed -> allowed.admits(host)))
                        .isEmpty()) {
            return Verdict.HOST_REFUSED;
        }
        if (originHeaders.isEmpty()) {
            return Verdict.ALLOWED;
        }
        if (originHeaders.size() != 1) {
            return Verdict.ORIGIN_REFUSED;
        }
        return parseOrigin(originHeaders.getFirst().strip())
                .filter(origin -> origins.stream().anyMatch(allowed -> admits(allowed, origin)))
                .map(origin -> Verdict.ALLOWED)
                .orElse(Verdict.ORIGIN_REFUSED);
    }

    private static boolean admits(OriginEntry allowed, OriginEntry origin) {
        return (allowed.scheme() == null || allowed.scheme().equals(origin.scheme()))
                && allowed.authority().admits(origin.authority());
    }

    /** An origin as browsers send it: {@code scheme://host[:port]}, nothing more. */
    private static Optional<OriginEntry> parseOrigin(String text) {
        int separator = text.indexOf("://");
        if (separator < 0) {
            return Optional.empty();
        }
        String scheme = text.substring(0, separator).toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            return Optional.empty();
        }
        return HostAndPort.parse(text.substring(separator + 3)).map(authority -> new OriginEntry(scheme, authority));
    }

    private static OriginEntry originEntry(String prefix, String entry) {
        String expected = "host, host:port, or http(s)://host[:port]";
        if (entry.contains("://")) {
            return parseOrigin(entry).orElseThrow(() -> invalid(prefix, "allowed-origins", entry, expected));
        }
        return HostAndPort.parse(entry)
                .map(authority -> new OriginEntry(null, authority))
                .orElseThrow(() -> invalid(prefix, "allowed-origins", entry, expected));
    }

    private static TransportException invalid(String prefix, String key, String entry, String expected) {
        return new TransportException(
                "invalid entry '" + entry + "' in " + prefix + "." + key + ": expected " + expected);
    }
}
