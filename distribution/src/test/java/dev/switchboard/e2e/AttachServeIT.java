package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;

import dev.switchboard.e2e.support.AttachSocket;
import dev.switchboard.e2e.support.OwnThread;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.RawSession;

/**
 * The server side of attaching (ADR 32), with real processes and real sockets: {@code serve --shared} serves
 * independent MCP sessions over its Unix socket, lists them, stops when asked, exits after its idle period, drains
 * other builds' servers at start and leaves no file behind; {@code serve --http} serves the socket beside HTTP and
 * stays; a socket that cannot be bound fails {@code --shared} with one line.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AttachServeIT {

    private static final Duration UP = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Test
    void aSharedServerServesIndependentSessionsListsThemAndExitsAfterItsIdlePeriod() throws Exception {
        Installation installation = Installation.copyOfBuilt(dir);
        try (RawSession server =
                installation.serve(Map.of("SWITCHBOARD_PLUGINS__TRANSPORT_STDIO__SHARED_IDLE_S", "2"), "--shared")) {
            Path socket = AttachSocket.awaitSocket(installation.stateDir(), UP);
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(socket)))
                    .isEqualTo("rw-------");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(socket.getParent())))
                    .isEqualTo("rwx------");
            assertThat(Files.readString(AttachSocket.jsonOf(socket)))
                    .contains("\"pid\":" + server.pid())
                    .contains("\"transports\":[\"attach\"]");
            assertThat(server.stderr()).contains("serving attach " + socket);

            try (AttachSocket first =
                            AttachSocket.session(socket, Map.of("SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "lead"));
                    AttachSocket second = AttachSocket.session(socket, Map.of())) {
                assertThat(first.initialize()
                                .path("result")
                                .path("serverInfo")
                                .path("name")
                                .asString())
                        .isEqualTo("switchboard");
                second.initialize();
                first.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}");
                assertThat(first.next().toString()).contains("\"server_info\"");
                first.send(serverInfo(2));
                second.send(serverInfo(2));
                assertThat(first.next().path("id").asInt()).isEqualTo(2);
                JsonNode answer = second.next();
                assertThat(answer.path("result").path("isError").asBoolean())
                        .as(answer.toString())
                        .isFalse();

                JsonNode status = AttachSocket.request(socket, "status");
                assertThat(status.path("server").path("pid").asLong()).isEqualTo(server.pid());
                assertThat(status.path("sessions")).hasSize(2);
                assertThat(status.path("sessions").get(0).path("role").asString())
                        .isEqualTo("lead");

                first.endInput();
                assertThat(first.nextLine()).as("the first session ended").isNull();
                second.send(serverInfo(3));
                assertThat(second.next().path("id").asInt())
                        .as("the other session is still served")
                        .isEqualTo(3);
                assertThat(server.isAlive()).isTrue();
            }

            assertThat(server.awaitExit()).as(server.log()).isZero();
            assertThat(Files.list(socket.getParent()).map(p -> p.getFileName().toString()))
                    .as("the socket, the description and the lock are removed")
                    .noneMatch(name -> name.endsWith(".sock") || name.endsWith(".json") || name.endsWith(".lock"));
        }
    }

    @Test
    void stopEndsTheSharedServerCleanlyAndAStartDrainsAServerOfAnotherBuild() throws Exception {
        Installation installation = Installation.copyOfBuilt(dir);
        Path attachDir = installation.stateDir().resolve("attach");
        Files.createDirectories(
                attachDir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        String otherKey = "0000000000000000";
        Files.writeString(
                attachDir.resolve(otherKey + ".json"),
                "{\"pid\":1,\"build\":\"0.0.1@old\",\"key\":\"" + otherKey + "\"}");
        try (ServerSocketChannel oldServer = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            oldServer.bind(UnixDomainSocketAddress.of(attachDir.resolve(otherKey + ".sock")));
            CompletableFuture<String> drainHello =
                    OwnThread.supply("old-server", () -> firstLineAnsweringOk(oldServer));

            try (RawSession server = installation.serve(Map.of(), "--shared")) {
                assertThat(drainHello.get(60, TimeUnit.SECONDS))
                        .contains("\"kind\":\"drain\"")
                        .contains("\"attach\":1");
                Path socket = attachDir.resolve(AttachSocket.sockets(attachDir).stream()
                        .map(p -> p.getFileName().toString())
                        .filter(name -> !name.startsWith(otherKey))
                        .findFirst()
                        .orElseThrow());

                assertThat(AttachSocket.request(socket, "stop").path("ok").asBoolean())
                        .isTrue();

                assertThat(server.awaitExit()).as(server.log()).isZero();
                assertThat(socket).doesNotExist();
                assertThat(AttachSocket.jsonOf(socket)).doesNotExist();
            }
        }
    }

    @Test
    void serveHttpAlsoServesTheAttachSocketAndStaysWithoutSessions() throws Exception {
        Installation installation = Installation.copyOfBuilt(dir).attaching();
        try (RawSession server = installation.serve(
                Map.of("SWITCHBOARD_PLUGINS__TRANSPORT_STDIO__SHARED_IDLE_S", "1"), "--http", "--port", "0")) {
            Path socket = AttachSocket.awaitSocket(installation.stateDir(), UP);
            assertThat(server.stderr()).contains("attach " + socket).contains("http http://127.0.0.1:");
            try (AttachSocket session = AttachSocket.session(socket, Map.of())) {
                session.initialize();
                session.send(serverInfo(1));
                assertThat(session.next().path("id").asInt()).isEqualTo(1);
            }
            JsonNode status = AttachSocket.request(socket, "status");
            assertThat(status.path("server").path("transports").toString()).isEqualTo("[\"http\",\"attach\"]");
            Thread.sleep(2_500); // longer than the idle setting: only a shared server leaves when idle
            assertThat(server.isAlive()).as(server.log()).isTrue();
            server.sigterm();
            assertThat(server.awaitExit()).as(server.log()).isZero();
            assertThat(socket).doesNotExist();
        }
    }

    @Test
    void aSharedServerWhoseSocketPathIsTooLongExitsOneWithOneLine() throws Exception {
        // (serve --http with such a path serves without attach: ServeAttachTest, without a process start)
        Installation installation = Installation.copyOfBuilt(dir);
        Path deep = installation.stateDir().resolve("d".repeat(60)).resolve("e".repeat(40));

        try (RawSession shared =
                installation.serve(Map.of("SWITCHBOARD_KERNEL__STATE_DIR", deep.toString()), "--shared")) {
            assertThat(shared.awaitExit()).isEqualTo(1);
            assertThat(shared.stderr()
                            .lines()
                            .filter(l -> l.startsWith("switchboard:"))
                            .toList())
                    .singleElement()
                    .asString()
                    .contains("longer than 100 bytes")
                    .contains(deep.toString());
        }
    }

    private static String serverInfo(int id) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id
                + ",\"method\":\"tools/call\",\"params\":{\"name\":\"server_info\",\"arguments\":{}}}";
    }

    /** Accepts one connection on a stand-in for another build's server, answers ok, returns its first line. */
    private static String firstLineAnsweringOk(ServerSocketChannel server) {
        try (SocketChannel peer = server.accept()) {
            ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
            String seen = "";
            while (!seen.contains("\n") && peer.read(buffer) >= 0) {
                seen = new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
            }
            peer.write(ByteBuffer.wrap("{\"attach\":1,\"ok\":true}\n".getBytes(StandardCharsets.UTF_8)));
            return seen;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
