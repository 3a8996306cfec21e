package dev.switchboard.plugin.transport.http;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.helidon.webserver.http.ServerResponse;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.bridge.mcp.ModernServerHandle;
import dev.switchboard.bridge.mcp.transport.JsonRpcErrors;
import dev.switchboard.ports.call.Principal;

/**
 * The response of one modern-era request that may send notifications before its answer (a tool call, a
 * {@code subscriptions/listen}; ADR 45): the bridge runs the request on a virtual thread of its own and queues what it
 * sends; this POST's thread writes it. While nothing but the answer came, the answer is one JSON body with the
 * bridge's status, as for any modern request; once a notification comes, or the request is still running at the
 * first heartbeat, the response becomes an event stream ({@code text/event-stream}) whose last event is the answer,
 * and a quiet stream gets a heartbeat comment at every interval. A closed stream (a write fails: the client went
 * away) raises the request's cancellation signal ({@link ModernServerHandle#cancel}; a held {@code wait_for_*}
 * answers at once, a listen stream ends), unlike a legacy POST's; the thread then waits for the request to end, so a
 * drain counts it. A credential that died while the request was held (ADR 27) withholds what is left and cancels the
 * request. Each POST is a scope of its own, so two clients' equal ids never meet. Thread-safe (one instance per POST).
 */
final class ModernStream {

    private static final Logger LOG = LoggerFactory.getLogger(ModernStream.class);
    private static final AtomicLong SCOPES = new AtomicLong();

    private sealed interface Item permits Note, Done, Failed {}

    private record Note(Object notification) implements Item {}

    private record Done(ModernServerHandle.Answer answer) implements Item {}

    private record Failed(RuntimeException error) implements Item {}

    private final ModernServerHandle server;
    private final McpJsonMapper mapper;
    private final Duration heartbeat;
    private final String scope = "http-" + SCOPES.incrementAndGet();
    private final BlockingQueue<Item> queue = new LinkedBlockingQueue<>();

    ModernStream(ModernServerHandle server, McpJsonMapper mapper, Duration heartbeat) {
        this.server = server;
        this.mapper = mapper;
        this.heartbeat = heartbeat;
    }

    /** Runs the request and writes its notifications and answer on {@code response}; returns when it ended. */
    void answer(
            McpSchema.JSONRPCRequest call,
            Principal caller,
            Function<String, List<String>> headers,
            CredentialLease lease,
            ServerResponse response)
            throws InterruptedException {
        Thread worker = Thread.ofVirtual().name("mcp-modern-request").start(() -> {
            try {
                queue.add(new Done(server.answer(
                        call, caller, headers, scope, notification -> queue.add(new Note(notification)))));
            } catch (RuntimeException e) {
                queue.add(new Failed(e));
            }
        });
        ResponseWriter writer = new ResponseWriter(response, mapper);
        try {
            if (!write(call, lease, response, writer)) {
                server.cancel(scope, call.id());
            }
        } finally {
            worker.join();
            writer.finish();
        }
    }

    /** @return true when the request ended on its own; false when it must be cancelled (client gone, withheld) */
    private boolean write(
            McpSchema.JSONRPCRequest call, CredentialLease lease, ServerResponse response, ResponseWriter writer)
            throws InterruptedException {
        try {
            while (true) {
                Item item = queue.poll(heartbeat.toNanos(), TimeUnit.NANOSECONDS);
                if (item == null) {
                    writer.heartbeat();
                    continue;
                }
                if (!lease.live()) {
                    writer.withheld(List.of(call.id()), lease.why());
                    return item instanceof Done || item instanceof Failed;
                }
                switch (item) {
                    case Note(Object notification) -> writer.event(notification);
                    case Done(ModernServerHandle.Answer answer) when writer.streaming() -> writer.event(answer.body());
                    case Done(ModernServerHandle.Answer answer) ->
                        Replies.json(response, io.helidon.http.Status.create(answer.status()), answer.body());
                    case Failed(RuntimeException error) -> {
                        LOG.warn("modern-era request {} failed", call.id(), error);
                        Object internal =
                                JsonRpcErrors.error(call.id(), JsonRpcErrors.INTERNAL_ERROR, "Internal error");
                        if (writer.streaming()) {
                            writer.event(internal);
                        } else {
                            Replies.json(response, io.helidon.http.Status.OK_200, internal);
                        }
                    }
                }
                if (!(item instanceof Note)) {
                    return true;
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.debug("modern-era request {}: the client went away", call.id(), e);
            return false;
        }
    }
}
