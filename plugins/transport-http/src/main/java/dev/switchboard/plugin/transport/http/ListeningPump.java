package dev.switchboard.plugin.transport.http;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * The writing loop of one connection to a session's GET stream, run on the request's own thread: the headers and a
 * heartbeat at once, then a priming event (the id of the event the connection starts after, and no data, so that a client that gets nothing else still
 * has a {@code Last-Event-ID} to come back with), then each event of the {@link ResumableStream} after the
 * connection's position with its id, and a heartbeat whenever the stream has been quiet for the heartbeat interval.
 * Ends when the connection is ended from this side (a newer connection, the session's end) or its client goes away.
 */
final class ListeningPump {

    private final ResumableStream stream;
    private final ResumableStream.Connection connection;
    private final ResponseWriter writer;
    private final Duration heartbeat;
    private final CredentialLease lease;

    /**
     * @param lease the request's credential, confirmed again before anything is written past its freshness (ADR 27);
     *              a heartbeat carries nothing and needs no confirmation
     */
    ListeningPump(
            ResumableStream stream,
            ResumableStream.Connection connection,
            ResponseWriter writer,
            Duration heartbeat,
            CredentialLease lease) {
        this.stream = stream;
        this.connection = connection;
        this.writer = writer;
        this.heartbeat = heartbeat;
        this.lease = lease;
    }

    /** @return how the connection ended: terminated, client gone, or withheld (its credential died) */
    StreamPump.Outcome listen() throws InterruptedException {
        try {
            writer.heartbeat(); // the headers and a first comment at once, for clients with a short first-byte timeout
            writer.priming(stream.position(connection));
            while (true) {
                List<ResumableStream.Event> events = stream.next(connection, heartbeat);
                if (events == null) {
                    return StreamPump.Outcome.TERMINATED;
                }
                if (events.isEmpty()) {
                    writer.heartbeat();
                    continue;
                }
                if (!lease.live()) {
                    writer.withheld(List.of(), lease.why());
                    return StreamPump.Outcome.WITHHELD;
                }
                for (ResumableStream.Event event : events) {
                    writer.event(event.id(), event.json());
                }
            }
        } catch (IOException e) {
            return StreamPump.Outcome.CLIENT_GONE;
        }
    }
}
