package dev.switchboard.plugin.mailbox.hook.domain;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * The hosted server's base URL for the hooks and the status CLI: {@code https://} anywhere, or {@code http://} on a
 * loopback host only ({@code localhost}, {@code 127.0.0.0/8}, {@code ::1}), so a role token never crosses a network in
 * clear. A trailing {@code /mcp} (and slash) is stripped, as the original does. Stateless.
 */
public final class ServerUrl {

    private ServerUrl() {}

    /**
     * @param text the configured URL
     * @return the base URL, without a trailing slash or {@code /mcp}
     * @throws IllegalArgumentException naming the rule when the URL is malformed, has user info, a query or a fragment,
     *                                  or is {@code http://} to a host that is not loopback
     */
    public static URI parse(String text) {
        URI uri;
        try {
            uri = new URI(text.strip());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("the server URL is not a URL: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (uri.getHost() == null
                || uri.getRawUserInfo() != null
                || uri.getRawQuery() != null
                || uri.getRawFragment() != null) {
            throw new IllegalArgumentException(
                    "the server URL must be scheme://host[:port][/path], without user, query or fragment");
        }
        if (!scheme.equals("https") && !(scheme.equals("http") && isLoopback(uri.getHost()))) {
            throw new IllegalArgumentException("the server URL must be https://, or http:// to a loopback host"
                    + " (localhost, 127.0.0.1, [::1]); " + scheme + "://" + uri.getHost() + " is refused");
        }
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        if (path.endsWith("/mcp")) {
            path = path.substring(0, path.length() - "/mcp".length());
        }
        return URI.create(scheme + "://" + uri.getRawAuthority() + path);
    }

    private static boolean isLoopback(String host) {
        String bare = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        if (bare.equalsIgnoreCase("localhost")) {
            return true;
        }
        if (!bare.matches("[0-9.]+") && !bare.contains(":")) {
            return false; // a name other than localhost is not resolved: DNS could point it anywhere
        }
        try {
            return InetAddress.getByName(bare).isLoopbackAddress();
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }
}
