package dev.switchboard.attach;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the client must know to re-establish a session on a new server and to answer what a dead server left
 * unanswered: the {@code initialize} request (its raw line), whether {@code notifications/initialized} was sent, the
 * last {@code logging/setLevel}, the subscribed resource URIs, the client's requests in flight (id → method), the
 * server's requests the client has not answered yet, and the private ids of the client's own replayed requests, whose
 * answers are swallowed. Thread-safe: every method is synchronized and short (no I/O under the lock).
 */
final class MessageTracker {

    /** The prefix of the ids of the client's own requests; an MCP client's ids do not start with it. */
    static final String PRIVATE_ID_PREFIX = "switchboard-attach-";

    /** The line that completes a replayed initialization. */
    static final byte[] INITIALIZED =
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}".getBytes(StandardCharsets.UTF_8);

    private static final String INITIALIZE = "initialize";
    private static final String SET_LEVEL = "logging/setLevel";
    private static final String SUBSCRIBE = "resources/subscribe";
    private static final String UNSUBSCRIBE = "resources/unsubscribe";

    private byte[] initialize;
    private boolean initialized;
    private byte[] level;
    private final Map<String, byte[]> subscriptions = new LinkedHashMap<>();
    private final Map<String, String> inFlight = new LinkedHashMap<>();
    private final Set<String> serverRequests = new HashSet<>();
    private final Set<String> staleServerRequests = new HashSet<>();
    private final Set<String> privateIds = new HashSet<>();
    private long nextPrivateId;

    /**
     * Records the client's messages of one line, just before the line is written to the server.
     *
     * @param messages the line's messages ({@link Message#parse})
     * @param line     the line's bytes (copied when kept)
     * @param offset   where the line starts
     * @param length   its length
     */
    synchronized void fromClient(List<Message> messages, byte[] line, int offset, int length) {
        for (Message message : messages) {
            if (message.isRequest()) {
                inFlight.put(message.id(), message.method());
                remember(message, line, offset, length, messages.size() == 1);
            } else if (message.isResponse()) {
                serverRequests.remove(message.id());
            } else if ("notifications/initialized".equals(message.method())) {
                initialized = true;
            }
        }
    }

    private void remember(Message request, byte[] line, int offset, int length, boolean alone) {
        switch (request.method()) {
            case INITIALIZE -> {
                if (alone) {
                    initialize = copy(line, offset, length);
                }
            }
            case SET_LEVEL -> {
                if (alone) {
                    level = copy(line, offset, length);
                }
            }
            case SUBSCRIBE -> {
                if (alone && request.uri() != null) {
                    subscriptions.put(request.uri(), copy(line, offset, length));
                }
            }
            case UNSUBSCRIBE -> {
                if (request.uri() != null) {
                    subscriptions.remove(request.uri());
                }
            }
            default -> {
                // nothing to replay
            }
        }
    }

    /**
     * @param messages a line the client sent while no server was connected or after a reconnection
     * @return whether the line only answers requests of a server that is gone (the new one never asked them): then it
     *     is dropped
     */
    synchronized boolean answersAGoneServer(List<Message> messages) {
        if (messages.isEmpty() || staleServerRequests.isEmpty()) {
            return false;
        }
        for (Message message : messages) {
            if (!message.isResponse() || !staleServerRequests.remove(message.id())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Records the server's messages of one line, just before it would be written to the client.
     *
     * @param messages the line's messages
     * @return whether to relay the line: false when it only answers the client's own replayed requests
     */
    synchronized boolean fromServer(List<Message> messages) {
        boolean relay = messages.isEmpty();
        for (Message message : messages) {
            if (message.isResponse()) {
                if (privateIds.remove(message.id())) {
                    continue;
                }
                inFlight.remove(message.id());
            } else if (message.isRequest()) {
                serverRequests.add(message.id());
            }
            relay = true;
        }
        return relay;
    }

    /**
     * The connection to the server is gone: every request in flight gets an {@code UNAVAILABLE} answer, the server's
     * unanswered requests become stale (their answers are dropped), replayed requests are forgotten.
     *
     * @param why the answers' message
     * @return the answers' lines, in the order the requests were sent
     */
    synchronized List<byte[]> disconnected(String why) {
        List<byte[]> answers = new ArrayList<>(inFlight.size());
        inFlight.forEach((id, method) -> answers.add(Replies.unavailable(id, method, why)));
        inFlight.clear();
        staleServerRequests.addAll(serverRequests);
        serverRequests.clear();
        privateIds.clear();
        return answers;
    }

    /** @return the number of the client's requests the server has not answered yet */
    synchronized int inFlight() {
        return inFlight.size();
    }

    /**
     * What re-establishes the session on a new server, each request under a fresh private id whose answer
     * {@link #fromServer} then swallows.
     *
     * @return the replay; empty when the client never sent {@code initialize}
     */
    synchronized Replay replay() {
        if (initialize == null) {
            return new Replay(null, null, List.of());
        }
        String initializeId = privateId();
        byte[] initializeLine = Replies.withId(initialize, initializeId);
        List<byte[]> after = new ArrayList<>();
        if (initialized) {
            after.add(INITIALIZED);
            if (level != null) {
                after.add(Replies.withId(level, privateId()));
            }
            subscriptions.values().forEach(line -> after.add(Replies.withId(line, privateId())));
        }
        return new Replay(initializeLine, "s:" + initializeId, after);
    }

    private String privateId() {
        String id = PRIVATE_ID_PREFIX + nextPrivateId++;
        privateIds.add("s:" + id);
        return id;
    }

    private static byte[] copy(byte[] line, int offset, int length) {
        byte[] copy = new byte[length];
        System.arraycopy(line, offset, copy, 0, length);
        return copy;
    }

    /**
     * The lines that re-establish a session. Immutable.
     *
     * @param initialize   the {@code initialize} request under a private id, or null when there is nothing to replay
     * @param initializeId its id key, whose answer must arrive before {@code after} is sent
     * @param after        {@code notifications/initialized}, the log level and the subscriptions, each request under
     *                     a private id
     */
    record Replay(byte[] initialize, String initializeId, List<byte[]> after) {

        /** Keeps the lines as given. */
        Replay {
            after = List.copyOf(after);
        }
    }
}
