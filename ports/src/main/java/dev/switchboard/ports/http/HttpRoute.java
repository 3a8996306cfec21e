package dev.switchboard.ports.http;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The method, path pattern and access of an {@link HttpEndpoint}. A pattern is {@code /} followed by segments split
 * by {@code /}; a segment is literal ({@code board}, {@code hook-status}: letters, digits, {@code -._~}) or a
 * parameter ({@code {channel}}), which matches one non-empty segment of the request path and is handed to the
 * handler, percent-decoded, under its name. There are no wildcards and no trailing slash, so {@code /board} and
 * {@code /board/{channel}} are two routes. Immutable and thread-safe.
 *
 * @param method      {@code GET}, {@code POST}, {@code PUT}, {@code PATCH} or {@code DELETE}
 * @param pathPattern the pattern, such as {@code /board/{channel}/feed}
 * @param access      who may call it
 * @param probe       whether it is a health probe: {@code GET} with {@link Access#NONE}, exempt from the
 *                    {@code Host}/{@code Origin} check (load balancers probe by IP address); it MUST answer nothing
 *                    but up or down
 */
public record HttpRoute(String method, String pathPattern, Access access, boolean probe) {

    /** Who may call a route. Credentials are only ever taken from the {@code Authorization: Bearer} header. */
    public enum Access {
        /** Anyone who passes the {@code Host}/{@code Origin} check; credentials are not looked at. */
        NONE,
        /** The owner principal only: no or a bad token → 401, another principal → 403. */
        OWNER,
        /** Any principal the kernel's authentication resolves: no or a bad token → 401. */
        AUTHENTICATED,
        /**
         * The handler decides: a token that is sent is checked (a bad one → 401), and the handler gets the principal,
         * or none when no token was sent (it may then look at a cookie, a nonce in the query...).
         */
        HANDLER
    }

    private static final Set<String> METHODS = Set.of("GET", "POST", "PUT", "PATCH", "DELETE");
    private static final Pattern LITERAL = Pattern.compile("[A-Za-z0-9._~-]+");
    private static final Pattern PARAMETER = Pattern.compile("\\{([a-z][a-z0-9_]{0,31})}");

    /**
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if the method is not one of the five, the pattern is malformed (a parameter
     *                                  name twice included), or a probe is not an unauthenticated {@code GET}
     */
    public HttpRoute {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(pathPattern, "pathPattern");
        Objects.requireNonNull(access, "access");
        if (!METHODS.contains(method)) {
            throw new IllegalArgumentException("route method '" + method + "' must be one of " + METHODS);
        }
        parse(pathPattern);
        if (probe && (!method.equals("GET") || access != Access.NONE)) {
            throw new IllegalArgumentException("a health probe is a GET with access NONE: " + pathPattern);
        }
    }

    /**
     * @param method      the method
     * @param pathPattern the pattern
     * @param access      who may call it
     * @return a route that is not a probe
     */
    public static HttpRoute of(String method, String pathPattern, Access access) {
        return new HttpRoute(method, pathPattern, access, false);
    }

    /**
     * @param pathPattern the pattern
     * @return a health probe: {@code GET}, no credentials, no {@code Host}/{@code Origin} check
     */
    public static HttpRoute healthProbe(String pathPattern) {
        return new HttpRoute("GET", pathPattern, Access.NONE, true);
    }

    /**
     * @param path a request path, not decoded ({@code /board/a%20b})
     * @return the decoded parameters by name when the path matches this pattern, otherwise empty
     */
    public Optional<Map<String, String>> match(String path) {
        List<String> pattern = parse(pathPattern);
        List<String> actual = split(path);
        if (actual == null || actual.size() != pattern.size()) {
            return Optional.empty();
        }
        Map<String, String> parameters = new LinkedHashMap<>();
        for (int i = 0; i < pattern.size(); i++) {
            String expected = pattern.get(i);
            String segment = actual.get(i);
            var parameter = PARAMETER.matcher(expected);
            if (parameter.matches()) {
                Optional<String> decoded = decode(segment);
                if (segment.isEmpty() || decoded.isEmpty()) {
                    return Optional.empty();
                }
                parameters.put(parameter.group(1), decoded.get());
            } else if (!expected.equals(segment)) {
                return Optional.empty();
            }
        }
        return Optional.of(Map.copyOf(parameters));
    }

    /**
     * @param other another route
     * @return whether some request matches both: the same method, as many segments, and at each position a parameter
     *         or the same literal
     */
    public boolean overlaps(HttpRoute other) {
        return method.equals(other.method) && pathsOverlap(other.pathPattern);
    }

    /**
     * @param otherPattern another path pattern
     * @return whether some path matches both patterns, whatever the methods
     */
    public boolean pathsOverlap(String otherPattern) {
        List<String> mine = parse(pathPattern);
        List<String> theirs = parse(otherPattern);
        if (mine.size() != theirs.size()) {
            return false;
        }
        for (int i = 0; i < mine.size(); i++) {
            boolean eitherParameter =
                    mine.get(i).startsWith("{") || theirs.get(i).startsWith("{");
            if (!eitherParameter && !mine.get(i).equals(theirs.get(i))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return method + " " + pathPattern;
    }

    private static List<String> parse(String pattern) {
        List<String> segments = split(pattern);
        if (segments == null) {
            throw new IllegalArgumentException(
                    "route path '" + pattern + "' must start with / and have no empty" + " segment or trailing slash");
        }
        Set<String> names = new java.util.HashSet<>();
        for (String segment : segments) {
            var parameter = PARAMETER.matcher(segment);
            if (parameter.matches()) {
                if (!names.add(parameter.group(1))) {
                    throw new IllegalArgumentException(
                            "route path '" + pattern + "' names {" + parameter.group(1) + "} twice");
                }
            } else if (!LITERAL.matcher(segment).matches()) {
                throw new IllegalArgumentException("route path '" + pattern + "' has a malformed segment '" + segment
                        + "': use letters, digits, -._~ or a {parameter}");
            }
        }
        return segments;
    }

    /** @return the segments of a path ({@code /} alone has none), or null when it is not a clean absolute path */
    private static List<String> split(String path) {
        if (!path.startsWith("/")) {
            return null;
        }
        if (path.equals("/")) {
            return List.of();
        }
        if (path.endsWith("/")) {
            return null;
        }
        List<String> segments = Arrays.asList(path.substring(1).split("/", -1));
        return segments.stream().anyMatch(String::isEmpty) ? null : segments;
    }

    /** Decodes a path segment as UTF-8, strictly: a bad escape, raw non-ASCII or an encoded slash is refused. */
    private static Optional<String> decode(String segment) {
        if (segment.indexOf('%') < 0) {
            return Optional.of(segment);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(segment.length());
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c > 0x7F) {
                return Optional.empty();
            }
            if (c != '%') {
                bytes.write(c);
                continue;
            }
            if (i + 2 >= segment.length()) {
                return Optional.empty();
            }
            int high = Character.digit(segment.charAt(i + 1), 16);
            int low = Character.digit(segment.charAt(i + 2), 16);
            if (high < 0 || low < 0) {
                return Optional.empty();
            }
            bytes.write(high << 4 | low);
            i += 2;
        }
        try {
            String decoded = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray()))
                    .toString();
            return decoded.indexOf('/') >= 0 ? Optional.empty() : Optional.of(decoded);
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }
}
