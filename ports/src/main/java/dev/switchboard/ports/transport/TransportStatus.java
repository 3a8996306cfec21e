package dev.switchboard.ports.transport;

import java.util.Map;

/**
 * What the running transports report about themselves, for monitoring. Implemented by the kernel; injectable into
 * any plugin. Thread-safe.
 */
public interface TransportStatus {

    /**
     * @return the client sessions open now, by the id of each running transport that counts them (see
     *         {@link Transport#openSessions()}); empty before {@code serve} starts transports
     */
    Map<String, Integer> openSessions();
}
