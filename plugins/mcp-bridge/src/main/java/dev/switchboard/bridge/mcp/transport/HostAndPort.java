package dev.switchboard.bridge.mcp.transport;

import java.util.Locale;
import java.util.Optional;

/**
 * A host name or address with an optional port, as written in a {@code Host} header, the authority of an
 * {@code Origin}, or an allowlist entry. Parsing is strict: user information ({@code user@host}), paths, spaces,
 * percent-encoding and anything but the characters of DNS names, IPv4 and bracketed IPv6 literals are refused, so
 * that two spellings of one name cannot slip past a comparison. Names are lowercased and one trailing dot is dropped.
 *
 * @param host the lowercased name, IPv4 address or bracketed IPv6 literal
 * @param port the port, or {@link #ANY_PORT} when none was written
 * Immutable and thread-safe.
 */
public record HostAndPort(String host, int port) {

    /** The port of an entry written without one: it admits any port. */
    public static final int ANY_PORT = -1;

    /** @return the parsed value, or empty when {@code text} is not a plain {@code host[:port]} */
    public static Optional<HostAndPort> parse(String text) {
        if (text == null || text.isEmpty() || text.length() > 300) {
            return Optional.empty();
        }
        String lower = text.toLowerCase(Locale.ROOT);
        int hostEnd = lower.startsWith("[") ? lower.indexOf(']') + 1 : lower.indexOf(':');
        if (hostEnd == 0) {
            return Optional.empty();
        }
        String hostPart = hostEnd < 0 ? lower : lower.substring(0, hostEnd);
        String rest = hostEnd < 0 ? "" : lower.substring(hostEnd);
        Optional<String> host = hostPart.startsWith("[") ? ipv6(hostPart) : dnsNameOrIpv4(hostPart);
        if (host.isEmpty() || (!rest.isEmpty() && !rest.startsWith(":"))) {
            return Optional.empty();
        }
        if (rest.isEmpty()) {
            return Optional.of(new HostAndPort(host.get(), ANY_PORT));
        }
        return parsePort(rest.substring(1)).map(port -> new HostAndPort(host.get(), port));
    }

    /** @return whether {@code candidate} names this host, and this port unless this one accepts any */
    public boolean admits(HostAndPort candidate) {
        return host.equals(candidate.host()) && (port == ANY_PORT || port == candidate.port());
    }

    private static Optional<Integer> parsePort(String digits) {
        if (digits.isEmpty() || digits.length() > 5 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return Optional.empty();
        }
        int port = Integer.parseInt(digits);
        return port <= 65_535 ? Optional.of(port) : Optional.empty();
    }

    private static Optional<String> dnsNameOrIpv4(String name) {
        String host = name.endsWith(".") ? name.substring(0, name.length() - 1) : name;
        boolean valid = !host.isEmpty()
                && !host.startsWith(".")
                && !host.contains("..")
                && host.chars()
                        .allMatch(c ->
                                (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_');
        return valid ? Optional.of(host) : Optional.empty();
    }

    /** @param bracketed {@code [literal]} */
    private static Optional<String> ipv6(String bracketed) {
        String inside = bracketed.substring(1, bracketed.length() - 1);
        boolean valid = bracketed.endsWith("]")
                && inside.contains(":")
                && inside.chars()
                        .allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || c == ':' || c == '.');
        return valid ? Optional.of(bracketed) : Optional.empty();
    }
}
