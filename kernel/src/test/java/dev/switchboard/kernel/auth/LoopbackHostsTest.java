package dev.switchboard.kernel.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class LoopbackHostsTest {

    @Test
    void loopbackNamesAndLiteralsAreLoopback() {
        for (String host : List.of(
                "localhost", "LOCALHOST", "127.0.0.1", "127.3.2.1", "::1", "[::1]", "0:0:0:0:0:0:0:1", " 127.0.0.1 ")) {
            assertThat(LoopbackHosts.isLoopback(host)).as(host).isTrue();
        }
    }

    @Test
    void wildcardsOtherAddressesAndOtherNamesAreNot() {
        for (String host : List.of(
                "0.0.0.0",
                "::",
                "[::]",
                "192.168.1.10",
                "10.0.0.1",
                "fe80::1",
                "example.com",
                "localhost.example.com",
                "127.0.0.1.nip.io",
                "999.1.1.1",
                "user@localhost",
                "zz:1",
                "")) {
            assertThat(LoopbackHosts.isLoopback(host)).as(host).isFalse();
        }
    }
}
