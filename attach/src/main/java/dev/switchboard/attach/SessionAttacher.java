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
