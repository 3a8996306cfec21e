package dev.switchboard.plugin.transport.http;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

import dev.switchboard.ports.transport.TransportException;

/**
 * Finds out, before Helidon tries, whether the configured port can be bound, so that the common mistake (another
 * server on the port) is answered with one line instead of Helidon's logged stack trace. Port 0 is not checked (the
 * system picks a free one). A port taken between this check and Helidon's bind still fails, through Helidon's log.
 * Stateless.
 */
final class PortCheck {

    private PortCheck() {}

    /**
     * @param address the address to bind
     * @param port    the port, 0..65535
     * @throws TransportException naming the address and port if it is in use or cannot be bound
     */
    static void ensureBindable(InetAddress address, int port) {
        if (port == 0) {
            return;
        }
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new InetSocketAddress(address, port), 1);
        } catch (BindException e) {
            throw new TransportException("the http transport could not listen on " + address.getHostAddress() + ":"
                    + port + ": the address is in use (is another server running on that port?) or not available "
                    + "here; choose another with --port P (0 picks a free one) or plugins.transport-http.port");
        } catch (IOException e) {
            throw new TransportException(
                    "the http transport could not listen on " + address.getHostAddress() + ":" + port + ": "
                            + e.getMessage(),
                    e);
        }
    }
}
