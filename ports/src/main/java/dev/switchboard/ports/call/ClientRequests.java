package dev.switchboard.ports.call;

import java.time.Duration;
import java.util.Map;

/**
 * Requests the server sends to the client during a call: sampling ({@code sampling/createMessage}), elicitation
 * ({@code elicitation/create}) and the client's roots ({@code roots/list}), with parameters and results shaped exactly
 * as MCP 2025-11-25 defines them, as JSON objects ({@code Map<String, Object>}). Implementations MUST be thread-safe;
 * each method blocks the calling (virtual) thread until the client answers.
 *
 * <p>In the 2026-07-28 era a request is not sent during the call: the call ends with an input-required result naming
 * the requests by key, and the client's retry carries the answers, so the tool runs again from the start and each
 * {@link #send(String, Capability, Map, Duration) send} it makes again is answered from the retry. A tool that asks
 * the client therefore does nothing before its last question that it must not do twice (or does it idempotently), and
 * asks the same questions in the same order for the same arguments and answers. A request the client cannot answer
 * yet fails with {@link ClientRequestException}, whose result the bridge discards.
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
        ELICITATION("elicitation/create"),
        ROOTS("roots/list");

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

    /**
     * Sends a request named by the tool. The name matters in the 2026-07-28 era only, where it is the request's key in
     * the input-required result ({@code inputRequests}) and in the client's answers ({@code inputResponses}); the
     * legacy era sends the request as {@link #send(Capability, Map, Duration)} does. A tool that asks several things at
     * once (in one round) names each differently and asks them all before it looks at a failure.
     *
     * @param key        the request's name within the call: letters, digits, {@code _} and {@code -}, unique per call
     * @param capability which request to send
     * @param params     the request's {@code params} object as MCP defines it ({@code {}} for {@code roots/list})
     * @param timeout    how long to wait for the answer (legacy era)
     * @return the {@code result} object of the client's answer
     * @throws ClientRequestException as {@link #send(Capability, Map, Duration)}, and in the 2026-07-28 era when the
     *                                answer is not there yet (the call then ends with an input-required result)
     */
    default Map<String, Object> send(String key, Capability capability, Map<String, Object> params, Duration timeout) {
        return send(capability, params, timeout);
    }
}
