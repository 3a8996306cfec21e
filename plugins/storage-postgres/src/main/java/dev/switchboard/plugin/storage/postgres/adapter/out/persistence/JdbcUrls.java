package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.postgresql.Driver;
import org.postgresql.PGProperty;

/** What a PostgreSQL JDBC URL may show: credentials never leave the adapter. Stateless. */
public final class JdbcUrls {

    /** The driver's URL prefix. */
    public static final String PREFIX = "jdbc:postgresql:";

    private static final Pattern USER_INFO = Pattern.compile("^(jdbc:postgresql://)[^/?#]*@");

    private JdbcUrls() {}

    /**
     * @param url a JDBC URL
     * @return it without user-info ({@code //user:secret@host}) and without {@code password} and {@code user}
     *         query parameters, for logs, messages and {@code location()}
     */
    public static String withoutCredentials(String url) {
        String stripped = USER_INFO.matcher(url).replaceFirst("$1");
        int query = stripped.indexOf('?');
        if (query < 0) {
            return stripped;
        }
        String kept = Arrays.stream(stripped.substring(query + 1).split("&"))
                .filter(parameter -> !parameter.isEmpty() && !isCredential(parameter))
                .collect(Collectors.joining("&"));
        return stripped.substring(0, query) + (kept.isEmpty() ? "" : "?" + kept);
    }

    /**
     * @param url a JDBC URL
     * @return whether it carries a password (a {@code password} parameter or user-info with a colon)
     */
    public static boolean carriesPassword(String url) {
        var userInfo = USER_INFO.matcher(url);
        if (userInfo.find() && userInfo.group().substring(PREFIX.length() + 2).contains(":")) {
            return true;
        }
        int query = url.indexOf('?');
        return query >= 0
                && Arrays.stream(url.substring(query + 1).split("&")).anyMatch(p -> name(p).equals("password"));
    }

    /**
     * @param url a JDBC URL the driver accepts
     * @return the database it names (the driver's reading: the path, or the user's name when the URL names none), or
     *         empty when the driver cannot read the URL
     */
    public static Optional<String> databaseName(String url) {
        Properties parsed = Driver.parseURL(url, null);
        return Optional.ofNullable(parsed == null ? null : parsed.getProperty(PGProperty.PG_DBNAME.getName()))
                .filter(name -> !name.isEmpty());
    }

    private static boolean isCredential(String parameter) {
        String name = name(parameter);
        return name.equals("password") || name.equals("user");
    }

    private static String name(String parameter) {
        int equals = parameter.indexOf('=');
        return (equals < 0 ? parameter : parameter.substring(0, equals)).toLowerCase(Locale.ROOT);
    }
}
