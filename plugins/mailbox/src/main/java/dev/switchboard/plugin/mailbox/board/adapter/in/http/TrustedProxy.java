package dev.switchboard.plugin.mailbox.board.adapter.in.http;

import java.net.InetAddress;
import java.net.InetSocketAddress;

import dev.switchboard.ports.http.EndpointRequest;

/**
 * Whether the request reached a TLS proxy first (seed-features §1C.8): {@code X-Forwarded-Proto: https} counts only
 * from a loopback or private peer (10/8, 172.16/12, 192.168/16, 169.254/16, IPv6 loopback, fc00::/7, fe80::/10), so
 * a client on the internet cannot mark its own plain-HTTP cookie {@code Secure} nor make the board believe it.
 */
final class TrustedProxy {

    private TrustedProxy() {}

    /**
     * @param request a board request
     * @return whether the board's cookie gets {@code Secure}
     */
    static boolean servesHttps(EndpointRequest request) {
        boolean https = request.headers()
                .firstValue("X-Forwarded-Proto")
                .map(value -> value.strip().equalsIgnoreCase("https"))
                .orElse(false);
        return https && isPrivate(request.remote());
    }

    static boolean isPrivate(InetSocketAddress peer) {
        InetAddress address = peer.getAddress();
        if (address == null) {
            return false;
        }
        if (address.isLoopbackAddress() || address.isSiteLocalAddress() || address.isLinkLocalAddress()) {
            return true;
        }
        byte[] bytes = address.getAddress();
        return bytes.length == 16 && (bytes[0] & 0xFE) == 0xFC;
    }
}
