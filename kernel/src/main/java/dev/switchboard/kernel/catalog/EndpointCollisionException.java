package dev.switchboard.kernel.catalog;

/**
 * A plugin's HTTP route overlaps another plugin's or a path the transport serves itself: the later plugin fails to
 * start, and the message names both routes and their owners.
 */
public final class EndpointCollisionException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @param message what collides with what */
    public EndpointCollisionException(String message) {
        super(message);
    }
}
