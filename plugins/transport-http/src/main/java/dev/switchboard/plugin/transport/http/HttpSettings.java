package dev.switchboard.plugin.transport.http;

import java.time.Duration;
import java.util.List;
import java.util.Set;

import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.plugin.PluginSettings;

/**
 * The HTTP transport's settings, read once at start from its configuration subtree {@code plugins.transport-http}
 * ({@code application.yaml}, or {@code SWITCHBOARD_PLUGINS__TRANSPORT_HTTP__<KEY>}; the kernel maps
 * {@code serve --http --host H --port P} onto {@code host} and {@code port}).
 *
 * <table>
 * <caption>Keys of {@code plugins.transport-http}</caption>
 * <tr><th>key</th><th>default</th><th>meaning</th></tr>
 * <tr><td>{@code host}</td><td>{@code 127.0.0.1}</td><td>the address to bind. A non-loopback address is refused at
 * start unless authentication is on.</td></tr>
 * <tr><td>{@code port}</td><td>{@code 8765}</td><td>the TCP port; {@code 0} picks a free one (the log names
 * it)</td></tr>
 * <tr><td>{@code max-sessions}</td><td>{@code 64}</td><td>MCP sessions held at once. When full, a new
 * {@code initialize} reclaims the least recently used session that has no call running, or gets 503.</td></tr>
 * <tr><td>{@code session-idle-timeout-ms}</td><td>{@code 1800000} (30 min)</td><td>a session with no call running
 * and no open GET stream that has not been used for this long is ended; its id then gets 404</td></tr>
 * <tr><td>{@code max-body-bytes}</td><td>{@code 8388608} (8 MiB)</td><td>largest request body; larger ones get 413
 * before anything is parsed</td></tr>
 * <tr><td>{@code max-json-depth}</td><td>{@code 64}</td><td>deepest nesting of JSON objects and arrays in a request;
 * deeper ones get 400 with a JSON-RPC parse error</td></tr>
 * <tr><td>{@code allowed-hosts}</td><td>{@code [localhost, 127.0.0.1, "[::1]"]}</td><td>accepted {@code Host}
 * header values: {@code name} accepts any port, {@code name:port} only that port. Must not be empty. Add the names
 * clients use when binding a non-loopback address.</td></tr>
 * <tr><td>{@code allowed-origins}</td><td>{@code [localhost, 127.0.0.1, "[::1]"]}</td><td>accepted {@code Origin}
 * header values (checked whenever the header is present): {@code name} accepts http and https on any port,
 * {@code scheme://name} any port, {@code scheme://name:port} exactly that. Empty means no browser origin is
 * accepted; {@code Origin: null} never is.</td></tr>
 * <tr><td>{@code drain-timeout-ms}</td><td>{@code 10000}</td><td>at shutdown, how long running calls may finish
 * before they are cancelled</td></tr>
 * <tr><td>{@code sse-heartbeat-ms}</td><td>{@code 15000}</td><td>while a response or GET stream is open and quiet, a
 * comment line is sent this often; it keeps proxies from timing out and reveals clients that went away (their calls
 * still run to their end: MCP does not treat a disconnection as a cancellation)</td></tr>
 * <tr><td>{@code rate-limit-per-second}</td><td>{@code 20}</td><td>requests per second each credential (token) may
 * make on {@code /mcp} and the plugins' authenticated endpoints, on average; the excess gets 429 with
 * {@code Retry-After}. {@code /healthz}, {@code /readyz} and probes are never limited.</td></tr>
 * <tr><td>{@code rate-limit-burst}</td><td>{@code 200}</td><td>requests a credential may make at once before
 * {@code rate-limit-per-second} applies</td></tr>
 * <tr><td>{@code auth-failures-per-minute}</td><td>{@code 30}</td><td>refused credentials (401) a peer address may
 * present per minute, on average; beyond it a refused credential gets 429 instead of 401 (a credential that verifies
 * is always served)</td></tr>
 * <tr><td>{@code auth-failure-burst}</td><td>{@code 20}</td><td>refused credentials a peer may present at
 * once</td></tr>
 * <tr><td>{@code credential-recheck-ms}</td><td>{@code 100}</td><td>an answer written later than this after its
 * request's credential was last confirmed (a held tool call, a long poll, a message on a GET stream) has the
 * credential looked up again first; a credential revoked meanwhile gets FORBIDDEN instead of the answer, one the
 * store could not check UNAVAILABLE (ADR 27).
 * {@code 0} looks every answer's credential up again</td></tr>
 * <tr><td>{@code header-timeout-ms}</td><td>{@code 10000}</td><td>a request's header lines must all arrive within this
 * after its request line; otherwise the connection is closed</td></tr>
 * <tr><td>{@code body-timeout-ms}</td><td>{@code 60000}</td><td>a request body must arrive in full within this after
 * the transport starts reading it; otherwise the connection is closed (the request is not served)</td></tr>
 * <tr><td>{@code idle-timeout-ms}</td><td>{@code 60000}</td><td>a connection with no request running that has
 * received no complete request line for this long (an idle keep-alive connection, or one that sent part of a request
 * line) is closed, checked every quarter of it (at most every 5 s)</td></tr>
 * </table>
 *
 * @param host               the address to bind, as configured
 * @param port               the port to bind, 0 for any free one
 * @param maxSessions        sessions held at once, at least 1
 * @param sessionIdleTimeout idle time after which a session ends
 * @param maxBodyBytes       largest accepted body, in bytes
 * @param maxJsonDepth       deepest accepted JSON nesting
 * @param allowedHosts       accepted Host header values, never empty
 * @param allowedOrigins     accepted Origin header values, possibly empty
 * @param drainTimeout       how long shutdown waits for running calls
 * @param heartbeat          interval of SSE keep-alive comments
 * @param rateLimit          the per-credential and per-peer rate limits
 * @param credentialRecheck  how long a request's credential counts as confirmed before an answer written later has it
 *                           looked up again
 * @param wireTimeouts       how long a connection may take over a request's head and body, and stay idle
 */
record HttpSettings(
        String host,
        int port,
        int maxSessions,
        Duration sessionIdleTimeout,
        int maxBodyBytes,
        int maxJsonDepth,
        List<String> allowedHosts,
        List<String> allowedOrigins,
        Duration drainTimeout,
        Duration heartbeat,
        RateLimit rateLimit,
        Duration credentialRecheck,
        WireTimeouts wireTimeouts) {

    /**
     * The connection timeouts: slow or half-open clients cannot hold sockets and memory.
     *
     * @param header the longest a request's header lines may take after its request line, positive
     * @param body   the longest a request body may take to arrive in full once reading began, positive
     * @param idle   the longest a connection may wait for a complete request line with no request running, positive
     */
    record WireTimeouts(Duration header, Duration body, Duration idle) {}

    /**
     * The rate limits of ADR 22.
     *
     * @param perSecond             permits a credential earns per second, positive
     * @param burst                 permits a credential's full bucket holds, at least 1
     * @param authFailuresPerMinute refused credentials a peer may present per minute, at least 1
     * @param authFailureBurst      refused credentials a peer may present at once, at least 1
     */
    record RateLimit(long perSecond, long burst, long authFailuresPerMinute, long authFailureBurst) {}

    static final String PREFIX = "plugins.transport-http";
    /** Every key of {@code plugins.transport-http}; any other is refused as a likely typo. */
    static final Set<String> KEYS = Set.of(
            "host",
            "port",
            "max-sessions",
            "session-idle-timeout-ms",
            "max-body-bytes",
            "max-json-depth",
            "allowed-hosts",
            "allowed-origins",
            "drain-timeout-ms",
            "sse-heartbeat-ms",
            "rate-limit-per-second",
            "rate-limit-burst",
            "auth-failures-per-minute",
            "auth-failure-burst",
            "credential-recheck-ms",
            "header-timeout-ms",
            "body-timeout-ms",
            "idle-timeout-ms");

    static final List<String> LOOPBACK_NAMES = List.of("localhost", "127.0.0.1", "[::1]");
    /** The largest body a Java array can hold, less a margin the JDK keeps for array headers. */
    private static final long MAX_BODY_LIMIT = Integer.MAX_VALUE - 16L;

    HttpSettings {
        allowedHosts = List.copyOf(allowedHosts);
        allowedOrigins = List.copyOf(allowedOrigins);
    }

    /**
     * @param context the plugin's context
     * @return the settings, defaults filled in
     * @throws dev.switchboard.ports.plugin.InvalidSettingException if a value is malformed, or {@code allowed-hosts} is
     *                                                              empty
     */
    static HttpSettings from(PluginContext context) {
        PluginSettings values = context.settings();
        values.requireKnownKeys(KEYS);
        List<String> hosts = values.list("allowed-hosts", LOOPBACK_NAMES);
        if (hosts.isEmpty()) {
            throw values.invalid(
                    "allowed-hosts",
                    "[]",
                    "at least one host name (an empty list would refuse every"
                            + " request; it never means 'allow all')");
        }
        return new HttpSettings(
                values.text("host", "127.0.0.1"),
                (int) values.number("port", 8765, 0, 65_535),
                (int) values.number("max-sessions", 64, 1, 100_000),
                Duration.ofMillis(values.number("session-idle-timeout-ms", 1_800_000, 1, Long.MAX_VALUE / 2)),
                (int) values.number("max-body-bytes", 8L * 1024 * 1024, 1, MAX_BODY_LIMIT),
                (int) values.number("max-json-depth", 64, 1, 10_000),
                hosts,
                values.list("allowed-origins", LOOPBACK_NAMES),
                Duration.ofMillis(values.number("drain-timeout-ms", 10_000, 0, Long.MAX_VALUE / 2)),
                Duration.ofMillis(values.number("sse-heartbeat-ms", 15_000, 10, Long.MAX_VALUE / 2)),
                new RateLimit(
                        values.number("rate-limit-per-second", 20, 1, 1_000_000),
                        values.number("rate-limit-burst", 200, 1, 1_000_000),
                        values.number("auth-failures-per-minute", 30, 1, 1_000_000),
                        values.number("auth-failure-burst", 20, 1, 1_000_000)),
                Duration.ofMillis(values.number("credential-recheck-ms", 100, 0, 3_600_000)),
                new WireTimeouts(
                        Duration.ofMillis(values.number("header-timeout-ms", 10_000, 1, 86_400_000)),
                        Duration.ofMillis(values.number("body-timeout-ms", 60_000, 1, 86_400_000)),
                        Duration.ofMillis(values.number("idle-timeout-ms", 60_000, 1, 86_400_000))));
    }
}
