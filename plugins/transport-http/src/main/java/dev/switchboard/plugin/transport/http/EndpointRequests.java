package dev.switchboard.plugin.transport.http;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.http.HttpHeaders;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.helidon.http.Header;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.ServerRequest;

import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.HttpEndpointCatalog;

/** Turns a Helidon request into the JDK-typed {@link EndpointRequest} an endpoint is handed. Stateless. */
final class EndpointRequests {

    private EndpointRequests() {}

    static EndpointRequest of(
            ServerRequest request,
            HttpEndpointCatalog.Match match,
            byte[] body,
            Optional<Principal> principal,
            Cancellation clientGone) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (Header header : request.headers()) {
            headers.computeIfAbsent(header.name(), name -> new ArrayList<>()).addAll(header.allValues());
        }
        Map<String, List<String>> query = new LinkedHashMap<>();
        request.query()
                .names()
                .forEach(name -> query.put(name, List.copyOf(request.query().all(name))));
        return new EndpointRequest(
                request.prologue().method().text(),
                request.path().rawPath(),
                match.pathParameters(),
                query,
                HttpHeaders.of(headers, (name, value) -> true),
                cookies(request.headers().all(HeaderNames.COOKIE, List::of)),
                body,
                principal,
                remote(request.remotePeer().address()),
                clientGone);
    }

    /** @return the pairs of {@code Cookie} headers ({@code a=1; b=2}), the first value of a repeated name kept */
    static Map<String, String> cookies(List<String> cookieHeaders) {
        Map<String, String> cookies = new LinkedHashMap<>();
        for (String header : cookieHeaders) {
            for (String pair : header.split(";")) {
                int equals = pair.indexOf('=');
                if (equals > 0) {
                    String name = pair.substring(0, equals).strip();
                    String value = pair.substring(equals + 1).strip();
                    if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                        value = value.substring(1, value.length() - 1);
                    }
                    cookies.putIfAbsent(name, value);
                }
            }
        }
        return cookies;
    }

    private static InetSocketAddress remote(SocketAddress address) {
        return address instanceof InetSocketAddress inet ? inet : InetSocketAddress.createUnresolved("unknown", 0);
    }
}
