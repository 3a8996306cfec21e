package dev.switchboard.kernel.transport;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.kernel.attach.AttachPaths;

/**
 * What a shared server that starts does to the servers of other builds in its state directory (ADR 32): sends each
 * one whose {@code <key>.json} names a different build a {@code drain} hello, so it exits when its last session
 * ends instead of idling on. A server that does not answer within {@value #ANSWER_SECONDS} s, a stale socket or an
 * unreadable description is passed over. Stateless; each call blocks until every server has answered or timed out.
 */
public final class AttachDrain {

    private static final Logger LOG = LoggerFactory.getLogger(AttachDrain.class);
    /** Seconds a server gets to answer the drain. */
    static final int ANSWER_SECONDS = 2;

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private AttachDrain() {}

    /**
     * @param stateDir the state directory
     * @param ownKey   this server's key (never drained)
     * @param build    this server's build id
     * @return the keys of the servers that answered the drain with ok
     */
    public static List<String> otherBuilds(Path stateDir, String ownKey, String build) {
        List<String> drained = new ArrayList<>();
        List<AttachPaths> servers;
        try {
            servers = AttachPaths.existing(stateDir);
        } catch (IOException e) {
            LOG.debug("cannot list the attach directory", e);
            return drained;
        }
        for (AttachPaths other : servers) {
            if (other.key().equals(ownKey) || !Files.exists(other.socket())) {
                continue;
            }
            String otherBuild = buildOf(other.info());
            if (otherBuild == null || otherBuild.equals(build)) {
                continue;
            }
            if (drain(other.socket(), build)) {
                LOG.info(
                        "asked the server of build {} ({}) to exit when its last session ends",
                        otherBuild,
                        other.key());
                drained.add(other.key());
            }
        }
        return drained;
    }

    private static String buildOf(Path info) {
        try {
            Map<?, ?> json = JSON.readValue(Files.readString(info, StandardCharsets.UTF_8), Map.class);
            return json.get("build") instanceof String text ? text : null;
        } catch (IOException | JacksonException e) {
            return null;
        }
    }

    private static boolean drain(Path socket, String build) {
        Map<String, Object> hello = new LinkedHashMap<>();
        hello.put("attach", 1);
        hello.put("kind", "drain");
        hello.put("build", build);
        hello.put("pid", ProcessHandle.current().pid());
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("switchboard-attach-drain").factory());
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ScheduledFuture<?> deadline = timer.schedule(
                    () -> {
                        try {
                            channel.close();
                        } catch (IOException e) {
                            LOG.debug("closing a drain connection failed", e);
                        }
                    },
                    ANSWER_SECONDS,
                    TimeUnit.SECONDS);
            channel.connect(UnixDomainSocketAddress.of(socket));
            channel.write(ByteBuffer.wrap((JSON.writeValueAsString(hello) + "\n").getBytes(StandardCharsets.UTF_8)));
            ByteBuffer answer = ByteBuffer.allocate(4096);
            while (channel.read(answer) >= 0 && answer.hasRemaining()) {
                if (new String(answer.array(), 0, answer.position(), StandardCharsets.UTF_8).contains("\n")) {
                    break;
                }
            }
            deadline.cancel(false);
            String line = new String(answer.array(), 0, answer.position(), StandardCharsets.UTF_8);
            return line.contains("\"ok\":true");
        } catch (IOException e) {
            LOG.debug("no answer to drain from {}", socket, e);
            return false;
        } finally {
            timer.shutdownNow();
        }
    }
}
