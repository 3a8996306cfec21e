package dev.switchboard.plugin.mailbox.board;

import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.board.adapter.in.http.BoardActionEndpoint;
import dev.switchboard.plugin.mailbox.board.adapter.in.http.BoardAssetEndpoint;
import dev.switchboard.plugin.mailbox.board.adapter.in.http.BoardIndexEndpoint;
import dev.switchboard.plugin.mailbox.board.adapter.in.http.ChannelBoardEndpoint;
import dev.switchboard.plugin.mailbox.board.adapter.in.http.DebtBoardEndpoint;
import dev.switchboard.plugin.mailbox.board.adapter.in.http.FeedBoardEndpoint;
import dev.switchboard.plugin.mailbox.board.adapter.in.http.PinBoardEndpoint;
import dev.switchboard.plugin.mailbox.board.adapter.in.http.PinByQueryBoardEndpoint;
import dev.switchboard.plugin.mailbox.board.adapter.in.http.ProposalBoardEndpoint;
import dev.switchboard.plugin.mailbox.board.adapter.in.http.ThreadBoardEndpoint;
import dev.switchboard.plugin.mailbox.hosted.adapter.in.auth.HostedCredentialResolver;
import dev.switchboard.ports.auth.PresentedCredential;
import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;
import dev.switchboard.ports.http.HttpEndpoint;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.ToolResults;

/**
 * Calls the board's endpoints as the HTTP transport does: the route matched against a path, the bearer already
 * resolved to a principal (here through the plugin's own resolver), cookies and query parsed.
 */
final class Board {

    static final Principal OWNER = new Principal("owner", Principal.Kind.OWNER, Map.of());
    static final InetSocketAddress LOOPBACK = new InetSocketAddress("127.0.0.1", 40000);

    private final MailboxHarness harness;
    private final List<HttpEndpoint> endpoints;

    Board(MailboxHarness harness) {
        this.harness = harness;
        this.endpoints = List.of(
                harness.injector().getInstance(BoardIndexEndpoint.class),
                harness.injector().getInstance(ChannelBoardEndpoint.class),
                harness.injector().getInstance(FeedBoardEndpoint.class),
                harness.injector().getInstance(ThreadBoardEndpoint.class),
                harness.injector().getInstance(PinBoardEndpoint.class),
                harness.injector().getInstance(PinByQueryBoardEndpoint.class),
                harness.injector().getInstance(DebtBoardEndpoint.class),
                harness.injector().getInstance(ProposalBoardEndpoint.class),
                harness.injector().getInstance(BoardActionEndpoint.class),
                harness.injector().getInstance(BoardAssetEndpoint.class));
    }

    /** A request's credentials and origin. */
    record As(
            Optional<Principal> principal,
            Map<String, String> cookies,
            Map<String, String> headers,
            InetSocketAddress remote) {
        static As nobody() {
            return new As(Optional.empty(), Map.of(), Map.of(), LOOPBACK);
        }

        static As principal(Principal principal) {
            return new As(Optional.of(principal), Map.of(), Map.of(), LOOPBACK);
        }

        static As session(String id) {
            return new As(Optional.empty(), Map.of("cc_board", id), Map.of(), LOOPBACK);
        }

        As header(String name, String value) {
            Map<String, String> more = new LinkedHashMap<>(headers);
            more.put(name, value);
            return new As(principal, cookies, more, remote);
        }

        As from(InetSocketAddress peer) {
            return new As(principal, cookies, headers, peer);
        }
    }

    /** An answer, its body decoded. */
    record Answer(int status, Map<String, List<String>> headers, String body) {
        String header(String name) {
            return headers.entrySet().stream()
                    .filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().getFirst())
                    .findFirst()
                    .orElse(null);
        }

        /** @return the session id of the Set-Cookie header */
        String session() {
            String cookie = header("Set-Cookie");
            return cookie.substring("cc_board=".length(), cookie.indexOf(';'));
        }
    }

    /** @return the endpoint's answer to a {@code POST} of a form body */
    Answer post(String path, String form, As as) {
        EndpointResponse response = handle("POST", path, Map.of(), as, form.getBytes(StandardCharsets.UTF_8));
        return answer((EndpointResponse.Complete) response);
    }

    /** @return a page's answer when asked for its event stream ({@code Accept: text/event-stream}) */
    EndpointResponse events(String path, As as) {
        return handle("GET", path, Map.of(), as.header("Accept", "text/event-stream"), new byte[0]);
    }

    private EndpointResponse handle(String method, String path, Map<String, List<String>> query, As as, byte[] body) {
        Map<String, List<String>> headers = new HashMap<>();
        as.headers().forEach((name, value) -> headers.put(name, List.of(value)));
        for (HttpEndpoint endpoint : endpoints) {
            Optional<Map<String, String>> parameters = endpoint.route().match(path);
            if (parameters.isPresent() && endpoint.route().method().equals(method)) {
                return endpoint.handle(new EndpointRequest(
                        method,
                        path,
                        parameters.get(),
                        query,
                        HttpHeaders.of(headers, (a, b) -> true),
                        as.cookies(),
                        body,
                        as.principal(),
                        as.remote(),
                        Cancellation.NONE));
            }
        }
        throw new AssertionError("no board route matches " + method + " " + path);
    }

    private static Answer answer(EndpointResponse.Complete response) {
        return new Answer(response.status(), response.headers(), new String(response.body(), StandardCharsets.UTF_8));
    }

    Answer get(String pathAndQuery, As as) {
        int question = pathAndQuery.indexOf('?');
        String path = question < 0 ? pathAndQuery : pathAndQuery.substring(0, question);
        Map<String, List<String>> query = new HashMap<>();
        if (question >= 0) {
            for (String pair : pathAndQuery.substring(question + 1).split("&")) {
                int eq = pair.indexOf('=');
                query.put(
                        pair.substring(0, eq),
                        List.of(URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8)));
            }
        }
        return answer((EndpointResponse.Complete) handle("GET", path, query, as, new byte[0]));
    }

    /** @return the path and query of a board_link url (the tool answers a path when no public-url is set) */
    String link(Principal caller, String channel) {
        Map<String, Object> arguments = new HashMap<>();
        if (channel != null) {
            arguments.put("channel", channel);
        }
        arguments.put("label", "test");
        return (String) ok(caller, "board_link", arguments).get("url");
    }

    /** @return a board session opened from a fresh link */
    String session(Principal caller, String channel) {
        return get(link(caller, channel), As.nobody()).session();
    }

    Map<String, Object> ok(Principal caller, String tool, Map<String, Object> arguments) {
        ToolResult result = harness.callAs(caller, tool, arguments);
        return ToolResults.success(result, tool, arguments).structuredContent();
    }

    /** @return the role tokens of a new channel, by role */
    @SuppressWarnings("unchecked")
    Map<String, String> create(String channel, String... roles) {
        return (Map<String, String>)
                ok(OWNER, "create_channel", MailboxHarness.args("name", channel, "roles", List.of(roles)))
                        .get("tokens");
    }

    Principal principal(String token) {
        int underscore = token.indexOf('_');
        return harness.injector()
                .getInstance(HostedCredentialResolver.class)
                .resolve(new PresentedCredential(token.substring(0, underscore + 1), sha256(token)))
                .orElseThrow(() -> new AssertionError("the token does not resolve"));
    }

    /** @return the first column of every row the query selects, as text */
    List<String> column(String sql) {
        return harness.storage().transaction(connection -> {
            List<String> values = new java.util.ArrayList<>();
            try (var statement = connection.prepareStatement(sql);
                    var rows = statement.executeQuery()) {
                while (rows.next()) {
                    values.add(rows.getString(1));
                }
            }
            return values;
        });
    }

    /** Runs one statement with the given parameters, as text. */
    void execute(String sql, String... parameters) {
        harness.storage().transaction(connection -> {
            try (var statement = connection.prepareStatement(sql)) {
                for (int i = 0; i < parameters.length; i++) {
                    statement.setString(i + 1, parameters[i]);
                }
                return statement.executeUpdate();
            }
        });
    }

    static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
