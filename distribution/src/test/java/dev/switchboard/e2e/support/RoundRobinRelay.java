package dev.switchboard.e2e.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One address in front of several HTTP nodes that alternates requests between them, with no affinity of any kind (no
 * cookie, no session header looked at): a load balancer without affinity, in the JDK alone. Each request is sent
 * to the next node in turn on a connection of its own ({@code Connection: close} both ways), so a client that keeps
 * its connection alive still has its next request served by the next node. Requests must carry a
 * {@code Content-Length} (or no body); the node's answer, whatever its framing (a length, chunks, an event stream),
 * is relayed byte for byte until the node closes the connection. One virtual thread per client connection. Records
 * which node served each request ({@link #served()}). Thread-safe.
 */
public final class RoundRobinRelay implements AutoCloseable {

    private static final int HEAD_LIMIT = 64 * 1024;

    private final List<InetSocketAddress> nodes;
    private final ServerSocket listener;
    private final AtomicInteger next = new AtomicInteger();
    private final List<Served> served = new CopyOnWriteArrayList<>();

    /**
     * A request and the node that answered it.
     *
     * @param node      the node's index in the list given to {@link #start}
     * @param method    the HTTP method
     * @param mcpMethod the request's {@code Mcp-Method} header, or null
     * @param mcpName   the request's {@code Mcp-Name} header, or null
     */
    public record Served(int node, String method, String mcpMethod, String mcpName) {}

    private RoundRobinRelay(List<InetSocketAddress> nodes, ServerSocket listener) {
        this.nodes = List.copyOf(nodes);
        this.listener = listener;
    }

    /**
     * Listens on a free loopback port and relays to {@code nodes} in turn, the first request to the first node.
     *
     * @param nodes the nodes' base URIs ({@code http://127.0.0.1:P}, any path ignored)
     * @return the running relay
     */
    public static RoundRobinRelay start(List<URI> nodes) {
        List<InetSocketAddress> addresses = new ArrayList<>();
        for (URI node : nodes) {
            addresses.add(new InetSocketAddress(node.getHost(), node.getPort()));
        }
        try {
            ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            RoundRobinRelay relay = new RoundRobinRelay(addresses, listener);
            Thread.ofVirtual().name("relay-accept").start(relay::accept);
            return relay;
        } catch (IOException e) {
            throw new UncheckedIOException("the relay cannot listen", e);
        }
    }

    /** @return {@code http://127.0.0.1:P} followed by the path */
    public URI uri(String path) {
        return URI.create("http://127.0.0.1:" + listener.getLocalPort() + path);
    }

    /** @return every request relayed so far, in the order they were sent on */
    public List<Served> served() {
        return List.copyOf(served);
    }

    @Override
    public void close() {
        try {
            listener.close();
        } catch (IOException e) {
            // closing: nothing to do
        }
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Thread.ofVirtual().name("relay-connection").start(() -> relay(client));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void relay(Socket client) {
        try (client) {
            InputStream in = client.getInputStream();
            String head = head(in);
            if (head == null) {
                return;
            }
            List<String> lines = new ArrayList<>(List.of(head.split("\r\n")));
            String requestLine = lines.removeFirst();
            long length = 0;
            String mcpMethod = null;
            String mcpName = null;
            StringBuilder forwarded = new StringBuilder(requestLine).append("\r\n");
            for (String line : lines) {
                int colon = line.indexOf(':');
                String name = line.substring(0, colon).strip().toLowerCase(Locale.ROOT);
                String value = line.substring(colon + 1).strip();
                switch (name) {
                    case "content-length" -> length = Long.parseLong(value);
                    case "transfer-encoding" -> throw new IOException("the relay takes no chunked request");
                    case "mcp-method" -> mcpMethod = value;
                    case "mcp-name" -> mcpName = value;
                    default -> {
                        // kept
                    }
                }
                if (!name.equals("connection") && !name.equals("upgrade") && !name.equals("http2-settings")) {
                    forwarded.append(line).append("\r\n");
                }
            }
            forwarded.append("Connection: close\r\n\r\n");
            int node = Math.floorMod(next.getAndIncrement(), nodes.size());
            served.add(new Served(node, requestLine.substring(0, requestLine.indexOf(' ')), mcpMethod, mcpName));
            try (Socket upstream = new Socket()) {
                upstream.connect(nodes.get(node));
                OutputStream toNode = upstream.getOutputStream();
                toNode.write(forwarded.toString().getBytes(StandardCharsets.ISO_8859_1));
                copy(in, toNode, length);
                toNode.flush();
                upstream.getInputStream().transferTo(client.getOutputStream());
            }
        } catch (IOException | RuntimeException e) {
            // the client or the node went away: the client sees its connection end
        }
    }

    /** @return the request's head without its blank line, or null when the client closed first */
    private static String head(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < end.length) {
            int b = in.read();
            if (b < 0) {
                return null;
            }
            head.write(b);
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
            if (head.size() > HEAD_LIMIT) {
                throw new IOException("request head over " + HEAD_LIMIT + " bytes");
            }
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        return text.substring(0, text.length() - end.length);
    }

    private static void copy(InputStream in, OutputStream out, long length) throws IOException {
        byte[] buffer = new byte[8192];
        long left = length;
        while (left > 0) {
            int read = in.read(buffer, 0, (int) Math.min(buffer.length, left));
            if (read < 0) {
                throw new IOException("the request body ended early");
            }
            out.write(buffer, 0, read);
            left -= read;
        }
    }
}
