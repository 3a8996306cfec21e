package dev.switchboard.plugin.mailbox.board.adapter.in.http;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.ports.http.EndpointResponse;
import dev.switchboard.ports.http.ResponseStream;
import dev.switchboard.ports.signal.ChangeSignals;
import dev.switchboard.ports.signal.SignalSubscription;

/**
 * A board page's event stream (ADR 67): {@code text/event-stream} that sends {@code event: change} each time one of
 * the page's change-signal topics (ADR 17) is signalled, coalesced (a burst of changes is one event), so the page's
 * script re-reads the page. The first event, written once the topics are subscribed, is a change too: the page was
 * read before its stream subscribed, so a change signalled between the two (a command that ends just after the
 * owner's Abort redirected to the index) would otherwise never reach it ({@link ChangeSignals}: subscribe first, then
 * read; ADR 81). Events carry no data: the page is re-read with the viewer's own credentials, so a
 * revoked session sees its 401 there. A stream ends after {@link #LIFETIME} (the browser reconnects after
 * {@code retry}, re-checking the viewer) or when the client goes. Thread-safe.
 */
@Singleton
final class BoardEvents {

    /** How long one stream is held before the browser is made to reconnect (and be checked again). */
    static final Duration LIFETIME = Duration.ofMinutes(5);

    private static final byte[] RETRY = "retry: 1000\n\n".getBytes(StandardCharsets.UTF_8);
    private static final byte[] CHANGE = "event: change\ndata: \n\n".getBytes(StandardCharsets.UTF_8);
    private static final EndpointResponse.KeepAlive KEEP_ALIVE =
            new EndpointResponse.KeepAlive(":\n".getBytes(StandardCharsets.UTF_8), Duration.ofSeconds(15));

    private final ChangeSignals signals;

    @Inject
    BoardEvents(ChangeSignals signals) {
        this.signals = signals;
    }

    /**
     * @param topics  the topics whose signals change the page
     * @param headers the board's headers; the content type is set here
     * @return the stream
     */
    EndpointResponse stream(Collection<String> topics, Map<String, List<String>> headers) {
        headers.put("Content-Type", List.of("text/event-stream; charset=utf-8"));
        List<String> watched = List.copyOf(topics);
        return new EndpointResponse.Streamed(200, headers, KEEP_ALIVE, stream -> send(watched, stream));
    }

    private void send(List<String> topics, ResponseStream stream) {
        Semaphore changed = new Semaphore(0);
        List<SignalSubscription> subscriptions = new ArrayList<>();
        try {
            for (String topic : topics) {
                subscriptions.add(signals.subscribe(topic, changed::release));
            }
            stream.clientGone().onCancel(changed::release);
            stream.write(RETRY);
            stream.write(CHANGE);
            long deadline = System.nanoTime() + LIFETIME.toNanos();
            while (!stream.clientGone().isCancelled()) {
                long left = deadline - System.nanoTime();
                if (left <= 0 || !changed.tryAcquire(left, TimeUnit.NANOSECONDS)) {
                    return;
                }
                changed.drainPermits();
                if (!stream.clientGone().isCancelled()) {
                    stream.write(CHANGE);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            subscriptions.forEach(SignalSubscription::close);
        }
    }
}
