package dev.switchboard.attach;

import java.io.IOException;

/**
 * Establishes a session's connection: a live server of the target's key (started when none runs,
 * {@link ServerStarter}), then the session hello. A server that closes before answering (one exiting after its idle
 * period just as this client connected) is tried again, up to three times. Immutable; thread-safe.
 *
 * @param starter what connects or starts the server
 * @param hello   the session's hello line
 */
record SessionAttacher(ServerStarter starter, byte[] hello) implements Relay.Establisher {

    private static final int ATTEMPTS = 3;

    /** The refusal code of a session whose own settings cannot serve it (the server's {@code SessionCheck}s). */
    static final String INVALID_SETTING = "INVALID_SETTING";

    @Override
    public Connection establish() throws AttachFailure {
        IOException last = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Connection connection = starter.connect();
            try {
                Hello.Answer answer = Hello.exchange(connection, hello);
                if (answer.ok()) {
                    return connection;
                }
                connection.close();
                if (INVALID_SETTING.equals(answer.code())) {
                    // the session's own settings can never serve it; in-process would refuse it the same way
                    throw AttachFailure.refused(answer.message());
                }
                throw new AttachFailure(
                        "the shared server refused the session: " + answer.code() + ": " + answer.message(), true);
            } catch (IOException e) {
                connection.close();
                last = e;
            }
        }
        throw new AttachFailure("the shared server did not answer the hello: " + last.getMessage(), true);
    }
}
