package dev.switchboard.plugin.transport.http;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.helidon.http.Status;
import io.helidon.webserver.http.ServerResponse;

import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.http.ClientGoneException;
import dev.switchboard.ports.http.EndpointResponse;
import dev.switchboard.ports.http.ResponseStream;
import dev.switchboard.ports.http.SecurityHeaders;

/**
 * Writes an endpoint's {@link EndpointResponse}: its status and headers plus the {@link SecurityHeaders} it did not
 * set, then the body, or for a streamed response the body as its {@code StreamingBody} writes it, with keep-alive
 * filler whenever it has been quiet, so that a client that left is noticed and {@code clientGone} raised.
 */
final class EndpointReplies {

    private EndpointReplies() {}

    static void complete(ServerResponse response, EndpointResponse.Complete reply) {
        head(response, reply);
        response.send(reply.body());
    }

    /**
     * @param lease the request's credential: a body write past its freshness has it confirmed again, and when it died
     *              (ADR 27) the transport's FORBIDDEN (or, when the store could not say, UNAVAILABLE) JSON-RPC error
     *              is written instead, as the rest of the body, and the body is told its client is gone
     */
    static void streamed(
            ServerResponse response, EndpointResponse.Streamed reply, ClientGoneSignal gone, CredentialLease lease) {
        head(response, reply);
        try (OutputStream out = response.outputStream()) {
            HeldOutput stream = new HeldOutput(out, gone, lease);
            out.flush();
            Thread keepAlive = reply.keepAlive() == null
                    ? null
                    : Thread.ofVirtual().name("switchboard-http-keepalive").start(() -> keepAlive(stream, reply));
            try {
                reply.body().writeTo(stream);
            } catch (ClientGoneException e) {
                // the client left; nothing more to send
            } finally {
                // under the stream's lock: no filler can be written after this, while or after the output closes
                stream.finish();
                if (keepAlive != null) {
                    keepAlive.interrupt();
                }
            }
        } catch (IOException e) {
            gone.raise();
        }
    }

    private static void keepAlive(HeldOutput stream, EndpointResponse.Streamed reply) {
        byte[] filler = reply.keepAlive().bytes();
        long every = reply.keepAlive().every().toNanos();
        try {
            while (true) {
                long quiet = System.nanoTime() - stream.lastWrite;
                if (quiet >= every) {
                    stream.fill(filler);
                } else {
                    TimeUnit.NANOSECONDS.sleep(every - quiet);
                }
            }
        } catch (InterruptedException | ClientGoneException e) {
            // the body ended, or the client left
        }
    }

    private static void head(ServerResponse response, EndpointResponse reply) {
        response.status(Status.create(reply.status()));
        Set<String> present = reply.headers().keySet().stream()
                .map(n -> n.toLowerCase(Locale.ROOT))
                .collect(Collectors.toSet());
        reply.headers().forEach((name, values) -> response.header(name, values.toArray(String[]::new)));
        for (Map.Entry<String, String> header : SecurityHeaders.DEFAULTS.entrySet()) {
            if (!present.contains(header.getKey().toLowerCase(Locale.ROOT))) {
                response.header(header.getKey(), header.getValue());
            }
        }
        boolean html = reply.headers().entrySet().stream()
                .filter(e -> e.getKey().equalsIgnoreCase("Content-Type"))
                .flatMap(e -> e.getValue().stream())
                .anyMatch(v -> v.toLowerCase(Locale.ROOT).startsWith("text/html"));
        if (html && !present.contains("content-security-policy")) {
            response.header("Content-Security-Policy", SecurityHeaders.HTML_CONTENT_SECURITY_POLICY);
        }
    }

    /**
     * The {@link ResponseStream} over the response's output; writes are serialised. The body's writes need a live
     * credential, the keep-alive filler (which carries nothing) does not.
     */
    private static final class HeldOutput implements ResponseStream {
        private final OutputStream out;
        private final ClientGoneSignal gone;
        private final CredentialLease lease;
        private volatile long lastWrite = System.nanoTime();
        private boolean withheld;
        private boolean finished;

        HeldOutput(OutputStream out, ClientGoneSignal gone, CredentialLease lease) {
            this.out = out;
            this.gone = gone;
            this.lease = lease;
        }

        @Override
        public synchronized void write(byte[] bytes) {
            if (!withheld && !lease.live()) {
                withheld = true;
                send(Replies.jsonBytes(lease.why().body(null)));
                gone.raise();
            }
            if (withheld) {
                throw new ClientGoneException(new IOException("the request's credential died while it was held"));
            }
            send(bytes);
        }

        /** Writes keep-alive filler, unless the answer was withheld or the body has ended. */
        synchronized void fill(byte[] bytes) {
            if (withheld || finished) {
                throw new ClientGoneException(new IOException("the answer was withheld or has ended"));
            }
            send(bytes);
        }

        /** Marks the body ended: from now on {@link #fill} writes nothing (the output is about to close). */
        synchronized void finish() {
            finished = true;
        }

        private void send(byte[] bytes) {
            try {
                out.write(bytes);
                out.flush();
                lastWrite = System.nanoTime();
            } catch (IOException | RuntimeException e) {
                gone.raise();
                throw new ClientGoneException(e);
            }
        }

        @Override
        public Cancellation clientGone() {
            return gone;
        }
    }
}
