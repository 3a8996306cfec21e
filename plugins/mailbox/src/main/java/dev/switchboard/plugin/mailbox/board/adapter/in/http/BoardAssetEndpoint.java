package dev.switchboard.plugin.mailbox.board.adapter.in.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

import org.pf4j.Extension;

import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;
import dev.switchboard.ports.http.HttpEndpoint;
import dev.switchboard.ports.http.HttpRoute;

/**
 * {@code GET /board-assets/{name}}: the board's own stylesheet and script ({@code board.css}, {@code board.js}),
 * served from this plugin's resources to anyone (they hold nothing private), so the pages' policy can say
 * {@code script-src 'self'; style-src 'self'} and carry no inline code (ADR 67). Any other name is 404. The files
 * are read once, on first use. Thread-safe.
 */
@Extension
public final class BoardAssetEndpoint implements HttpEndpoint {

    private static final HttpRoute ROUTE = HttpRoute.of("GET", "/board-assets/{name}", HttpRoute.Access.NONE);

    private static final Map<String, String> TYPES =
            Map.of("board.css", "text/css; charset=utf-8", "board.js", "text/javascript; charset=utf-8");

    /** The files, read on first use. */
    private static final class Files {
        static final Map<String, byte[]> CONTENT = Map.of("board.css", read("board.css"), "board.js", read("board.js"));

        private static byte[] read(String name) {
            try (InputStream in =
                    BoardAssetEndpoint.class.getResourceAsStream("/dev/switchboard/plugin/mailbox/board/" + name)) {
                if (in == null) {
                    throw new IllegalStateException("the board's " + name + " is missing from the plugin");
                }
                return in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Override
    public HttpRoute route() {
        return ROUTE;
    }

    @Override
    public EndpointResponse handle(EndpointRequest request) {
        String name = request.pathParameters().get("name");
        String type = TYPES.get(name);
        if (type == null) {
            return EndpointResponse.text(404, "no such board asset");
        }
        return new EndpointResponse.Complete(200, Map.of("Content-Type", List.of(type)), Files.CONTENT.get(name));
    }
}
