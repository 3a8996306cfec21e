package dev.switchboard.kernel.auth;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Decides whether a configured bind address is loopback-only, without asking DNS: {@code localhost} and loopback IP
 * literals ({@code 127.0.0.0/8}, {@code ::1}) are; wildcard addresses ({@code 0.0.0.0}, {@code ::}) and every
 * other name are not, since a name could resolve anywhere. Stateless.
 */
public final class LoopbackHosts {

    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*(%[A-Za-z0-9_.-]+)?");

    private LoopbackHosts() {}

    /**
     * @param host a bind address as configured: a name, an IPv4 literal, or an IPv6 literal with or without brackets
     * @return whether binding it listens on loopback only
     */
    public static boolean isLoopback(String host) {
        String text = host.strip();
        if (text.startsWith("[") && text.endsWith("]")) {
            text = text.substring(1, text.length() - 1);
        }
        if (text.equalsIgnoreCase("localhost")) {
            return true;
        }
        if (!IPV4.matcher(text).matches() && !IPV6.matcher(text).matches()) {
            return false;
        }
        try {
            // Only IP literals reach this point; InetAddress parses those without a DNS lookup.
            return InetAddress.getByName(text.toLowerCase(Locale.ROOT)).isLoopbackAddress();
        } catch (UnknownHostException | IllegalArgumentException e) {
            return false;
        }
    }
}
