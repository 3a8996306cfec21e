package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

import org.postgresql.Driver;
import org.postgresql.PGProperty;

/**
 * Whether a PostgreSQL JDBC URL lets the driver talk plain text to a server on another machine: a host that is not
 * loopback ({@code localhost}, {@code 127.0.0.0/8}, {@code ::1}) and no TLS the driver must use. The driver's
 * default, {@code sslmode=prefer}, tries TLS and silently falls back to plain text, so only {@code sslmode=require},
 * {@code verify-ca} or {@code verify-full} (or {@code ssl=true} without an {@code sslmode}, which the driver reads as
 * {@code verify-full}) count as TLS. Read with the driver's own URL parser, as the connection will read it; nothing is
 * resolved or contacted (a host name other than {@code localhost} counts as another machine). Stateless.
 *
 * <p>What follows from a finding (a start-up warning and a {@code doctor} warning, never a refusal) is ADR 36's choice.
 */
public final class PlainTextCheck {

    private static final Set<String> TLS_MODES = Set.of("require", "verify-ca", "verify-full");

    private PlainTextCheck() {}

    /**
     * @param url a JDBC URL, such as {@code jdbc:postgresql://db.internal:5432/switchboard?sslmode=verify-full}
     * @return the warning for the operator when the URL lets the connection to a non-loopback host be plain text (it
     *         names the hosts and the fix, never a credential); empty when every host is loopback, TLS is required, or
     *         the driver cannot read the URL (opening it then fails with the driver's reason)
     */
    public static Optional<String> warning(String url) {
        Properties parsed = Driver.parseURL(url, null);
        if (parsed == null) {
            return Optional.empty();
        }
        List<String> remote = Arrays.stream(
                        PGProperty.PG_HOST.getOrDefault(parsed).split(","))
                .map(String::strip)
                .filter(host -> !host.isEmpty() && !isLoopback(host))
                .toList();
        if (remote.isEmpty() || requiresTls(parsed)) {
            return Optional.empty();
        }
        String mode =
                Optional.ofNullable(PGProperty.SSL_MODE.getOrDefault(parsed)).orElse("prefer");
        return Optional.of("the connection to PostgreSQL on " + String.join(", ", remote) + " may travel as plain text"
                + " (sslmode=" + mode + "; the driver falls back to plain text unless TLS is required): add"
                + " sslmode=verify-full (or require) to plugins.storage-postgres.url, with the server's CA as"
                + " sslrootcert");
    }

    private static boolean requiresTls(Properties parsed) {
        String mode = PGProperty.SSL_MODE.getOrDefault(parsed);
        if (mode != null) {
            return TLS_MODES.contains(mode.toLowerCase(Locale.ROOT));
        }
        String ssl = PGProperty.SSL.getOrDefault(parsed);
        return ssl != null && (ssl.isEmpty() || Boolean.parseBoolean(ssl));
    }

    private static boolean isLoopback(String host) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        String lower = bare.toLowerCase(Locale.ROOT);
        return lower.equals("localhost")
                || lower.endsWith(".localhost")
                || lower.equals("::1")
                || lower.equals("0:0:0:0:0:0:0:1")
                || lower.matches("127(\\.\\d{1,3}){3}");
    }
}
