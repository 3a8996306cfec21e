package dev.switchboard.plugin.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.call.LocalSession;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.content.ResourceContents;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.resource.ResourceCatalog;
import dev.switchboard.ports.resource.ResourceDescriptor;
import dev.switchboard.ports.resource.ResourceTemplateDescriptor;
import dev.switchboard.ports.resource.ResourceUpdateSink;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.ports.transport.TransportContext;
import dev.switchboard.ports.transport.TransportException;
import dev.switchboard.testkit.transport.FakeTransportContext;

/** The attach transport on a real Unix domain socket, with real connections (and, once, a process of another uid). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AttachTransportTest {

    @TempDir
    Path state;

    private final FakeTransportContext context = FakeTransportContext.plain();
    private AttachTransport transport;

    @AfterEach
    void stop() {
        if (transport != null) {
            transport.stop();
        }
    }

    private Path start(boolean shared, long idleSeconds) {
        return start(state.resolve("k.sock"), shared, idleSeconds);
    }

    private Path start(Path socket, boolean shared, long idleSeconds) {
        return start(socket, shared, idleSeconds, context.with(List.of("echo"), AttachTransportTest::echo));
    }

    private Path start(Path socket, boolean shared, long idleSeconds, TransportContext served) {
        Map<String, Object> attach = new LinkedHashMap<>();
        attach.put("socket", socket.toString());
        attach.put("shared", shared);
        attach.put("build", "1.0@test");
        attach.put("key", "0123456789abcdef");
        attach.put("transports", List.of("attach"));
        attach.put("session-variables", List.of("SWITCHBOARD_PLUGINS__HANDOFF__PROJECT"));
        transport = new AttachTransport(
                new PluginContext("transport-stdio", Map.of("shared-idle-s", idleSeconds, "attach", attach), state));
        transport.start(served);
        return socket;
    }

    private static ToolResult echo(ToolCall call) {
        return ToolResult.text("echo " + call.arguments().get("text"));
    }

    private static String call(Object id, String text) {
        return """
                {"jsonrpc":"2.0","id":%s,"method":"tools/call","params":{"name":"echo","arguments":{"text":"%s"}}}""".formatted(id, text);
    }

    private static String text(Map<String, Object> answer) {
        return String.valueOf(answer.get("result"));
    }

    @Test
    void aSessionOverTheSocketIsInitializedListsToolsAndCallsOne() throws Exception {
        Path socket = start(false, 0);
        try (SocketClient client = SocketClient.session(socket, Map.of())) {
            Map<String, Object> init = client.initialize();
            assertThat(init)
                    .extractingByKey("result", InstanceOfAssertFactories.MAP)
                    .containsEntry("protocolVersion", "2025-11-25");
            client.sendLine("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
            assertThat(client.next().toString()).contains("name=echo");
            client.sendLine(call(3, "hi"));
            Map<String, Object> answer = client.next();
            assertThat(answer).containsEntry("id", 3);
            assertThat(text(answer)).contains("echo hi");
        }
        assertThat(transport.address()).contains(socket.toString());
    }

    @Test
    void anAttachedSessionAnswersAModernRequestWithoutInitializeAndStillInitializes() throws Exception {
        Path socket = start(false, 0);
        try (SocketClient client = SocketClient.session(socket, Map.of())) {
            client.sendLine("""
                    {"jsonrpc":"2.0","id":"m1","method":"tools/call","params":{"name":"echo","arguments":{"text":"new"},\
                    "_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",\
                    "io.modelcontextprotocol/clientCapabilities":{},\
                    "io.modelcontextprotocol/clientInfo":{"name":"modern","version":"1"}}}}""");
            Map<String, Object> modern = client.next();
            assertThat(modern).containsEntry("id", "m1");
            assertThat(modern)
                    .extractingByKey("result", InstanceOfAssertFactories.MAP)
                    .containsEntry("resultType", "complete");
            assertThat(text(modern)).contains("echo new");

            assertThat(client.initialize())
                    .extractingByKey("result", InstanceOfAssertFactories.MAP)
                    .containsEntry("protocolVersion", "2025-11-25");
            client.sendLine(call(2, "old"));
            assertThat(text(client.next())).contains("echo old");
        }
    }

    @Test
    void anAttachedSessionListsItsCallersOwnResourcesNotTheSharedServersRegisteredOnes() throws Exception {
        // ADR 20: the SDK answers resources/list from what the shared server registered (its own list, no role)
        Path socket = start(
                state.resolve("k.sock"),
                false,
                0,
                FakeTransportContext.builder()
                        .resources(new PerCallerResources())
                        .build()
                        .with(List.of("echo"), AttachTransportTest::echo));
        try (SocketClient client = SocketClient.session(socket, Map.of())) {
            client.initialize();
            client.sendLine("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"resources/list\",\"params\":{}}");

            assertThat(client.next().toString())
                    .contains("uri=test://own/" + Principal.LOCAL_OWNER_ID)
                    .doesNotContain("test://registered");
        }
    }

    @Test
    void anAttachedSessionThatNeverInitializedHearsNoLegacyListChange() throws Exception {
        java.util.concurrent.atomic.AtomicInteger listings = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicReference<dev.switchboard.ports.resource.ResourceUpdateSink> sink =
                new java.util.concurrent.atomic.AtomicReference<>();
        dev.switchboard.kernel.catalog.ResourceRegistry registry =
                new dev.switchboard.kernel.catalog.ResourceRegistry();
        registry.register("watching", List.of(new dev.switchboard.ports.resource.ResourceProvider() {
            @Override
            public List<dev.switchboard.ports.resource.ResourceDescriptor> resources() {
                // a new list at every listing, so that every change is one
                String uri = "test://r" + listings.incrementAndGet();
                return List.of(
                        new dev.switchboard.ports.resource.ResourceDescriptor(uri, "r", null, "A", "text/plain"));
            }

            @Override
            public Optional<List<dev.switchboard.ports.content.ResourceContents>> read(
                    String uri, dev.switchboard.ports.call.Principal principal) {
                return Optional.empty();
            }

            @Override
            public void watch(dev.switchboard.ports.resource.ResourceUpdateSink target) {
                sink.set(target);
            }
        }));
        Path socket = start(
                state.resolve("k.sock"),
                false,
                0,
                FakeTransportContext.builder()
                        .resources(registry)
                        .build()
                        .with(List.of("echo"), AttachTransportTest::echo));
        try (SocketClient legacy = SocketClient.session(socket, Map.of());
                SocketClient modern = SocketClient.session(socket, Map.of())) {
            legacy.initialize();
            awaitSessions(2);

            sink.get().listChanged();
            assertThat(legacy.next()).containsEntry("method", "notifications/resources/list_changed");
            modern.sendLine("""
                    {"jsonrpc":"2.0","id":"d","method":"server/discover","params":{\
                    "_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}""");

            assertThat(modern.next()).as("its first line answers its request").containsEntry("id", "d");
            modern.endInput();
            assertThat(modern.readLine()).as("and nothing else was written").isNull();
        }
    }

    @Test
    void theSocketIsOwnerOnlyAndAStaleFileInItsPlaceIsReplaced() throws Exception {
        Path stale = state.resolve("k.sock");
        try (ServerSocketChannel dead = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            dead.bind(UnixDomainSocketAddress.of(stale)); // closing leaves the file behind, as a killed server does
        }
        assertThat(stale).exists();

        Path socket = start(false, 0);

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(socket)))
                .isEqualTo("rw-------");
        assertThat(SocketClient.request(socket, "status")).containsEntry("ok", true);
    }

    @Test
    void twoSessionsAtOnceAreIndependentAndOneEndingLeavesTheOtherServed() throws Exception {
        Path socket = start(true, 0);
        try (SocketClient first = SocketClient.session(socket, Map.of());
                SocketClient second = SocketClient.session(socket, Map.of())) {
            first.initialize();
            second.initialize();
            assertThat(transport.openSessions()).hasValue(2);
            // the same request id in both sessions: each gets its own answer
            first.sendLine(call(7, "one"));
            second.sendLine(call(7, "two"));
            assertThat(text(first.next())).contains("echo one");
            assertThat(text(second.next())).contains("echo two");

            first.endInput();
            assertThat(first.readLine())
                    .as("the ended session closes its socket")
                    .isNull();
            awaitSessions(1);

            second.sendLine(call(8, "still"));
            assertThat(text(second.next())).contains("echo still");
            assertThat(context.endedTransports())
                    .as("a session's end is not the server's")
                    .isEmpty();
        }
        awaitSessions(0);
    }

    @Test
    void statusListsTheServerAndEachSessionWithItsRoleAndChannel() throws Exception {
        Path socket = start(true, 0);
        try (SocketClient session = SocketClient.session(
                socket,
                Map.of(
                        "SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "reviewer",
                        "SWITCHBOARD_PLUGINS__MAILBOX__CHANNEL", "proj",
                        "SWITCHBOARD_PLUGINS__HANDOFF__PROJECT", "atlas",
                        "UNRELATED", "x"))) {
            session.initialize();

            Map<String, Object> status = SocketClient.request(socket, "status");

            assertThat(status).containsEntry("ok", true).containsEntry("pid", (int)
                    ProcessHandle.current().pid());
            assertThat(status)
                    .extractingByKey("server", InstanceOfAssertFactories.MAP)
                    .containsEntry("build", "1.0@test")
                    .containsEntry("key", "0123456789abcdef")
                    .containsEntry("transports", List.of("attach"))
                    .containsEntry("draining", false)
                    .containsKeys("started_at", "uptime_s");
            assertThat(status)
                    .extractingByKey("sessions", InstanceOfAssertFactories.LIST)
                    .singleElement(InstanceOfAssertFactories.MAP)
                    .containsEntry("role", "reviewer")
                    .containsEntry("channel", "proj")
                    .containsEntry("cwd", Path.of("").toAbsolutePath().toString())
                    .containsEntry("pid", (int) ProcessHandle.current().pid())
                    .containsEntry(
                            "settings",
                            Map.of(
                                    "SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "reviewer",
                                    "SWITCHBOARD_PLUGINS__MAILBOX__CHANNEL", "proj",
                                    "SWITCHBOARD_PLUGINS__HANDOFF__PROJECT", "atlas"));
        }
    }

    @Test
    void aSharedServerLeavesAfterItsIdlePeriodOnceTheLastSessionDetached() throws Exception {
        Path socket = start(true, 1);
        try (SocketClient session = SocketClient.session(socket, Map.of())) {
            session.initialize();
            assertThat(context.awaitEnded(Duration.ofMillis(1500)))
                    .as("no idle exit while a session is attached")
                    .isFalse();
        }
        assertThat(context.awaitEnded(Duration.ofSeconds(10))).isTrue();
        assertThat(context.endedTransports()).containsExactly("attach");
    }

    @Test
    void aServerThatIsNotSharedNeverLeavesWhenIdle() throws Exception {
        start(false, 1);
        assertThat(context.awaitEnded(Duration.ofMillis(2500))).isFalse();
    }

    @Test
    void stopAnswersOkAndEndsTheServer() throws Exception {
        Path socket = start(false, 0);

        assertThat(SocketClient.request(socket, "stop"))
                .containsEntry("ok", true)
                .containsEntry("build", "1.0@test");

        assertThat(context.awaitEnded(Duration.ofSeconds(10))).isTrue();
        assertThat(context.endedTransports()).containsExactly("attach");
    }

    @Test
    void aDrainedServerLeavesWhenItsLastSessionEnds() throws Exception {
        Path socket = start(true, 0);
        try (SocketClient session = SocketClient.session(socket, Map.of())) {
            session.initialize();
            assertThat(SocketClient.request(socket, "drain")).containsEntry("ok", true);
            assertThat(SocketClient.request(socket, "status"))
                    .extractingByKey("server", InstanceOfAssertFactories.MAP)
                    .containsEntry("draining", true);
            session.sendLine(call(1, "served while draining"));
            assertThat(text(session.next())).contains("served while draining");
            assertThat(context.endedTransports()).isEmpty();
        }
        assertThat(context.awaitEnded(Duration.ofSeconds(10))).isTrue();
    }

    @Test
    void aSharedServerLeavesWhenItsSocketFileIsDeleted() throws Exception {
        Path socket = start(true, 0);
        Files.delete(socket);
        assertThat(context.awaitEnded(Duration.ofSeconds(10))).isTrue();
    }

    @Test
    void aHelloThatIsNotOneIsRefusedAsInvalid() throws Exception {
        Path socket = start(false, 0);
        try (SocketClient client = SocketClient.connect(socket)) {
            client.sendLine("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}");
            assertThat(client.next()).containsEntry("ok", false).containsEntry("code", "INVALID");
            assertThat(client.readLine()).isNull();
        }
        try (SocketClient client = SocketClient.connect(socket)) {
            Map<String, Object> hello = SocketClient.hello("session", Map.of());
            hello.put("cwd", "relative/dir");
            assertThat(client.hello(hello)).containsEntry("ok", false).containsEntry("code", "INVALID");
        }
    }

    @Test
    void withoutASocketSettingTheTransportDoesNotStart() {
        transport = new AttachTransport(new PluginContext("transport-stdio", Map.of(), state));
        assertThatThrownBy(() -> transport.start(context.with(List.of(), AttachTransportTest::echo)))
                .isInstanceOf(TransportException.class)
                .hasMessageContaining("plugins.transport-stdio.attach.socket");
    }

    @Test
    void aProcessOfAnotherUserIsRefused() throws Exception {
        Assumptions.assumeTrue(
                Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"))
                        && Files.isExecutable(Path.of("/usr/bin/setpriv"))
                        && Files.isExecutable(Path.of("/usr/bin/python3")),
                "needs root (to run a process as uid 65534), setpriv and python3");
        // A directory the other user can reach; the socket's own mode keeps it out first.
        Path shared = Files.createTempDirectory(Path.of("/tmp"), "attach-uid");
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxr-xr-x"));
        try {
            Path socket = start(shared.resolve("k.sock"), false, 0);
            assertThat(asNobody(socket))
                    .as("0600 keeps another user from connecting")
                    .contains("Permission denied");

            Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-rw-rw-"));
            String answer = asNobody(socket);

            assertThat(answer).contains("\"code\":\"FORBIDDEN\"").doesNotContain("\"ok\":true");
            assertThat(answer).doesNotContain("sessions");
        } finally {
            transport.stop();
            try (var files = Files.list(shared)) {
                for (Path file : files.toList()) {
                    Files.deleteIfExists(file);
                }
            }
            Files.deleteIfExists(shared);
        }
    }

    /** Connects as uid/gid 65534 with a small Python program and returns what it printed (answer or error). */
    private static String asNobody(Path socket) throws IOException, InterruptedException {
        String program = """
                import socket, sys
                s = socket.socket(socket.AF_UNIX)
                try:
                    s.connect(sys.argv[1])
                    try:
                        s.sendall(b'{"attach":1,"kind":"status"}\\n')
                    except BrokenPipeError:
                        pass  # refused before the hello was read: the refusal is still there to read
                    print(s.makefile().readline().strip())
                except OSError as e:
                    print(e)
                """;
        Process process = new ProcessBuilder(
                        "setpriv",
                        "--reuid=65534",
                        "--regid=65534",
                        "--clear-groups",
                        "/usr/bin/python3",
                        "-c",
                        program,
                        socket.toString())
                .redirectErrorStream(true)
                .start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return output;
    }

    private void awaitSessions(int expected) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (transport.openSessions().orElse(-1) != expected && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(transport.openSessions()).hasValue(expected);
    }

    /** Answers {@code hook stop} with the asking session's role and its input; declines everything else. */
    private static Optional<Integer> hookStop(
            List<String> commandLine, LocalSession session, InputStream in, PrintWriter out, PrintWriter err) {
        if (!commandLine.equals(List.of("hook", "stop"))) {
            return Optional.empty();
        }
        try {
            out.print("role=" + session.variable("AI_AGENT_CHANNEL_ROLE").orElse("none") + " input="
                    + new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        err.print("a warning");
        return Optional.of(3);
    }

    @Test
    void aCommandIsAnsweredWithTheAskingSessionsIdentityAndCountedAndAnotherIsDeclined() throws Exception {
        Path socket = state.resolve("k.sock");
        Map<String, Object> attach = new LinkedHashMap<>();
        attach.put("socket", socket.toString());
        attach.put("shared", false);
        attach.put("build", "1.0@test");
        attach.put("key", "0123456789abcdef");
        attach.put("transports", List.of("attach"));
        transport = new AttachTransport(new PluginContext("transport-stdio", Map.of("attach", attach), state));
        TransportContext plain = context.with(List.of("echo"), AttachTransportTest::echo);
        transport.start(new TransportContext(
                plain.server(),
                plain.tools(),
                plain.invoker(),
                plain.resources(),
                plain.prompts(),
                plain.lifecycle(),
                plain.authenticator(),
                plain.endpoints(),
                plain.readiness(),
                plain.sessions(),
                AttachTransportTest::hookStop));

        Map<String, Object> answer = command(socket, List.of("hook", "stop"), "{\"stop_hook_active\":false}");
        Map<String, Object> declined = command(socket, List.of("status", "watch"), "");

        assertThat(answer)
                .containsEntry("ok", true)
                .containsEntry("answered", true)
                .containsEntry("exit", 3)
                .containsEntry("out", "role=lead input={\"stop_hook_active\":false}")
                .containsEntry("err", "a warning");
        assertThat(declined)
                .containsEntry("ok", true)
                .containsEntry("answered", false)
                .doesNotContainKey("out");
        assertThat(SocketClient.request(socket, "status"))
                .extractingByKey("server", InstanceOfAssertFactories.MAP)
                .containsEntry("commands_answered", 1);
        try (SocketClient client = SocketClient.connect(socket)) {
            assertThat(client.hello(SocketClient.hello("command", Map.of())))
                    .as("a command without its command line")
                    .containsEntry("ok", false)
                    .containsEntry("code", "INVALID");
        }
    }

    private static Map<String, Object> command(Path socket, List<String> args, String stdin) throws IOException {
        try (SocketClient client = SocketClient.connect(socket)) {
            Map<String, Object> hello = SocketClient.hello("command", Map.of("AI_AGENT_CHANNEL_ROLE", "lead"));
            hello.put("args", args);
            hello.put("stdin", stdin);
            return client.hello(hello);
        }
    }

    /** The server's registered list names one resource; each caller's own list names another. */
    private static final class PerCallerResources implements ResourceCatalog {
        @Override
        public List<ResourceDescriptor> resources() {
            return List.of(descriptor("test://registered"));
        }

        @Override
        public List<ResourceDescriptor> resources(Principal caller) {
            return List.of(descriptor("test://own/" + caller.id()));
        }

        @Override
        public List<ResourceTemplateDescriptor> templates() {
            return List.of();
        }

        @Override
        public List<ResourceTemplateDescriptor> templates(Principal caller) {
            return List.of();
        }

        @Override
        public Optional<List<ResourceContents>> read(String uri, Principal principal) {
            return Optional.empty();
        }

        @Override
        public List<String> complete(
                String uriTemplate, String variable, String prefix, Map<String, String> ctx, Principal caller) {
            return List.of();
        }

        @Override
        public void addUpdateListener(ResourceUpdateSink sink) {}

        private static ResourceDescriptor descriptor(String uri) {
            return new ResourceDescriptor(uri, uri, null, "a resource", "text/plain");
        }
    }
}
