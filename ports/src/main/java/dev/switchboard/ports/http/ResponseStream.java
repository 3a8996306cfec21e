package dev.switchboard.ports.http;

import dev.switchboard.ports.call.Cancellation;

/**
 * The body of a streamed response, written by its {@link StreamingBody}. Writes are sent at once (flushed).
 * Thread-safe: the transport's keep-alive writes between the body's own.
 */
public interface ResponseStream {

    /**
     * Writes bytes and sends them.
     *
     * @param bytes what to write
     * @throws ClientGoneException if the client has gone away (then {@link #clientGone()} is raised too)
     */
    void write(byte[] bytes);

    /**
     * @return raised once the client is known to be gone: a write (the body's or a keep-alive) failed, or the server
     *         is shutting down; a held request waits on it to free its slot at once
     */
    Cancellation clientGone();
}
