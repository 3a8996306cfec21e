package dev.switchboard.ports.call;

import java.time.Duration;
import java.util.Map;

/**
 * Requests the server sends to the client during a call: sampling ({@code sampling/createMessage}) and elicitation
 * ({@code elicitation/create}), with parameters and results shaped exactly as MCP 2025-11-25 defines them, as JSON
 * objects ({@code Map<String, Object>}). Implementations MUST be thread-safe; each method blocks the calling (virtual)
 * thread until the client answers.
 */
public interface ClientRequests {

    /** Requests that always fail with {@link ClientRequestException}, for calls without a client session. */
    ClientRequests NONE = new ClientRequests() {
        @Override
        public boolean supports(Capability capability) {
            return false;
        }

        @Override
        public Map<String, Object> send(Capability capability, Map<String, Object> params, Duration timeout) {
            throw new ClientRequestException("no client session to send " + capability.method() + " to");
        }
    };

    /** The client capabilities a server-to-client request needs. */
    enum Capability {
        SAMPLING("sampling/createMessage"),
        ELICITATION("elicitation/create");

        private final String method;

        Capability(String method) {
            this.method = method;
        }

        /** @return the JSON-RPC method name */
        public String method() {
            return method;
        }
    }

    /**
     * @param capability the capability in question
     * @return true if the client declared it during initialization
     */
    boolean supports(Capability capability);

    /**
     * Sends a request and waits for the client's answer.
     *
     * @param capability which request to send
     * @param params     the request's {@code params} object as MCP defines it
     * @param timeout    how long to wait for the answer
     * @return the {@code result} object of the client's answer
     * @throws ClientRequestException if the client lacks the capability, answers with an error, or does not answer
     *                                within {@code timeout}
     */
    Map<String, Object> send(Capability capability, Map<String, Object> params, Duration timeout);
}
