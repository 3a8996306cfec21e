package dev.switchboard.ports.http;

/** Writes the body of a {@link EndpointResponse.Streamed} response. */
@FunctionalInterface
public interface StreamingBody {

    /**
     * Writes the body; the response ends when this returns. Runs on the request's own (virtual) thread and MAY block,
     * for example waiting for a change or for {@link ResponseStream#clientGone()}.
     *
     * @param stream where to write
     * @throws ClientGoneException when a write finds the client gone; the transport then ends the exchange quietly
     */
    void writeTo(ResponseStream stream);
}
