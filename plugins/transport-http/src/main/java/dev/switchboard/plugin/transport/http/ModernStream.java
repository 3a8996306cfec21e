package dev.switchboard.plugin.transport.http;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
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
 * {@code subscriptions/listen}; ADR 45). The request runs on the POST's own thread. While nothing but the answer
 * comes, that thread writes the answer itself, as one JSON body with the bridge's status, as for any modern request:
 * a call that never streams costs no second thread (ADR 53). Once a notification comes, or the request is still
 * running at the first heartbeat (a timer on {@code timers}), a writer thread (virtual) takes the response over: it
 * becomes an event stream ({@code text/event-stream}) whose last event is the answer, and a quiet stream gets a
 * heartbeat comment at every interval. A closed stream (a write fails: the client went away) raises the request's
 * cancellation signal ({@link ModernServerHandle#cancel}; a held {@code wait_for_*} answers at once, a listen stream
 * ends), unlike a legacy POST's; the POST's thread still waits for the request to end, so a drain counts it. A
 * credential that died while the request was held (ADR 27) withholds what is left and cancels the request. Each POST
 * is a scope of its own, so two clients' equal ids never meet. Thread-safe (one instance per POST); the response is
 * written by one thread at a time: the POST's until the writer starts, the writer's from then on.
 */
final class ModernStream {

    private static final Logger LOG = LoggerFactory.getLogger(ModernStream.class);
    private static final AtomicLong SCOPES = new AtomicLong();

    private sealed interface Item permits Note, Done, Failed {}

    private record Note(Object notification) implements Item {}

    private record Done(ModernServerHandle.Answer answer) implements Item {}

    private record Failed(RuntimeException error) implements Item {}

    /** Who writes the response: nobody yet, the writer thread, or the POST's thread (the answer came first). */
    private enum Owner {
        UNDECIDED,
        WRITER,
        INLINE
    }

    private final ModernServerHandle server;
    private final McpJsonMapper mapper;
    private final Duration heartbeat;
    private final ScheduledExecutorService timers;
    private final String scope = "http-" + SCOPES.incrementAndGet();
    private final BlockingQueue<Item> queue = new LinkedBlockingQueue<>();
    private Owner owner = Owner.UNDECIDED; // guarded by this
    private Thread writerThread; // guarded by this

    /**
     * @param timers    runs the first-heartbeat timer of each request (a task that only starts the writer)
     * @param heartbeat how often a quiet stream gets a comment line
     */
    ModernStream(ModernServerHandle server, McpJsonMapper mapper, Duration heartbeat, ScheduledExecutorService timers) {
        this.server = server;
        this.mapper = mapper;
        this.heartbeat = heartbeat;
        this.timers = timers;
    }

    /** Runs the request and writes its notifications and answer on {@code response}; returns when it ended. */
    void answer(
            McpSchema.JSONRPCRequest call,
            Principal caller,
            Function<String, List<String>> headers,
            CredentialLease lease,
            ServerResponse response)
            throws InterruptedException {
        ResponseWriter writer = new ResponseWriter(response, mapper);
        ScheduledFuture<?> firstHeartbeat;
        try {
            firstHeartbeat = timers.schedule(
                    () -> startWriter(call, lease, response, writer, true), heartbeat.toNanos(), TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            firstHeartbeat = null; // the server stopped after this request entered: no heartbeat, the answer still goes
        }
        Item last;
        try {
            last = new Done(server.answer(call, caller, headers, scope, notification -> {
                queue.add(new Note(notification));
                startWriter(call, lease, response, writer, false);
            }));
        } catch (RuntimeException e) {
            last = new Failed(e);
        } finally {
            if (firstHeartbeat != null) {
                firstHeartbeat.cancel(false);
            }
        }
        Thread writing;
        synchronized (this) {
            if (owner == Owner.UNDECIDED) {
                owner = Owner.INLINE;
            }
            writing = writerThread;
        }
        if (writing == null) {
            try {
                if (lease.live()) {
                    write(call, response, writer, last);
                } else {
                    writer.withheld(List.of(call.id()), lease.why());
                }
            } catch (IOException | RuntimeException e) {
                LOG.debug("modern-era request {}: the client went away", call.id(), e);
            } finally {
                writer.finish();
            }
            return;
        }
        queue.add(last);
        try {
            writing.join();
        } finally {
            writer.finish();
        }
    }

    /** Hands the response to a writer thread, unless one has it already or the answer was written inline. */
    private void startWriter(
            McpSchema.JSONRPCRequest call,
            CredentialLease lease,
            ServerResponse response,
            ResponseWriter writer,
            boolean heartbeatFirst) {
        synchronized (this) {
            if (owner != Owner.UNDECIDED) {
                return;
            }
            owner = Owner.WRITER;
            writerThread = Thread.ofVirtual().name("mcp-modern-stream").start(() -> {
                if (!pump(call, lease, response, writer, heartbeatFirst)) {
                    server.cancel(scope, call.id());
                }
            });
        }
    }

    /** @return true when the request ended on its own; false when it must be cancelled (client gone, withheld) */
    private boolean pump(
            McpSchema.JSONRPCRequest call,
            CredentialLease lease,
            ServerResponse response,
            ResponseWriter writer,
            boolean heartbeatFirst) {
        try {
            if (heartbeatFirst) {
                writer.heartbeat();
            }
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
                write(call, response, writer, item);
                if (!(item instanceof Note)) {
                    return true;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (IOException | RuntimeException e) {
            LOG.debug("modern-era request {}: the client went away", call.id(), e);
            return false;
        }
    }

    /** Writes one item: a notification as an event, the answer or a failure as the last event or the whole body. */
    private static void write(McpSchema.JSONRPCRequest call, ServerResponse response, ResponseWriter writer, Item item)
            throws IOException {
        switch (item) {
            case Note(Object notification) -> writer.event(notification);
            case Done(ModernServerHandle.Answer answer) when writer.streaming() -> writer.event(answer.body());
            case Done(ModernServerHandle.Answer answer) ->
                Replies.json(response, io.helidon.http.Status.create(answer.status()), answer.body());
            case Failed(RuntimeException error) -> {
                LOG.warn("modern-era request {} failed", call.id(), error);
                Object internal = JsonRpcErrors.error(call.id(), JsonRpcErrors.INTERNAL_ERROR, "Internal error");
                if (writer.streaming()) {
                    writer.event(internal);
                } else {
                    Replies.json(response, io.helidon.http.Status.OK_200, internal);
                }
            }
        }
    }
}
