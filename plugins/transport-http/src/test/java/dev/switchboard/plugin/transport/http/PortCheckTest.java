package dev.switchboard.plugin.transport.http;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.transport.TransportException;

class PortCheckTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    @Test
    void aPortAnotherServerListensOnIsRefusedInOneLineNamingAddressAndPort() throws IOException {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(LOOPBACK, 0));
            int port = taken.getLocalPort();

            assertThatThrownBy(() -> PortCheck.ensureBindable(LOOPBACK, port))
                    .isInstanceOf(TransportException.class)
                    .hasMessageContaining(LOOPBACK.getHostAddress() + ":" + port)
                    .hasMessageContaining("in use")
                    .hasMessageContaining("--port")
                    .hasNoCause();
        }
    }

    @Test
    void aFreePortAndPortZeroPass() throws IOException {
        int free;
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(LOOPBACK, 0));
            free = probe.getLocalPort();
        }

        assertThatCode(() -> PortCheck.ensureBindable(LOOPBACK, free)).doesNotThrowAnyException();
        assertThatCode(() -> PortCheck.ensureBindable(LOOPBACK, 0)).doesNotThrowAnyException();
    }
}
