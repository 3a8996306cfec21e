package dev.switchboard.e2e.support;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.testkit.distribution.Installation;

/**
 * A {@link ToolSession} of the official MCP TypeScript SDK's client with {@code bin/switchboard serve} over stdio:
 * runs {@code src/test/node/client-session.mjs} (its npm packages installed by the build, as for the {@code node
 * --test} scripts) and relays each call to it as a JSON line, its answer back by id; calls run concurrently.
 * Thread-safe.
 */
public final class TypeScriptSession implements ToolSession {

    /** The longest wait for the session to connect, and for any one answer. */
    public static final Duration WAIT = Duration.ofSeconds(90);

    private static final JsonMapper JSON = JsonMapper.shared();
    private static final String SCRIPT = "client-session.mjs";

    private final Process node;
    private final OutputStream stdin;
    private final StringBuffer stderr = new StringBuffer();
    private final Map<Long, CompletableFuture<Map<String, Object>>> waiting = new ConcurrentHashMap<>();
    private final CompletableFuture<Map<String, Object>> ready = new CompletableFuture<>();
    private final AtomicLong ids = new AtomicLong();

    private TypeScriptSession(Process node) {
        this.node = node;
        this.stdin = node.getOutputStream();
        Thread.ofPlatform().daemon().name("ts-session-stdout").start(() -> readAnswers(node.getInputStream()));
        Thread.ofPlatform().daemon().name("ts-session-stderr").start(() -> readLog(node.getErrorStream()));
    }

    /**
     * Starts the script, which starts the server and initializes the session.
     *
     * @param installation what to serve
     * @param extraEnv     the server's variables on top of the installation's, such as the session's role
     * @return the session, initialized
     * @throws AssertionError if the SDK is not installed or the session does not connect within {@link #WAIT}
     */
    public static TypeScriptSession start(Installation installation, Map<String, String> extraEnv) {
        Path nodeDir = NodeScripts.dir();
        if (!Files.exists(nodeDir.resolve("node_modules/@modelcontextprotocol/sdk/package.json"))) {
            throw new AssertionError("the MCP TypeScript SDK is not installed under " + nodeDir
                    + "/node_modules; run install.sh there first");
        }
        Map<String, String> serverEnv = new LinkedHashMap<>(installation.environment());
        serverEnv.putAll(extraEnv);
        ProcessBuilder builder = new ProcessBuilder("node", SCRIPT).directory(nodeDir.toFile());
        builder.environment().put("SWITCHBOARD_E2E_HOME", installation.home().toString());
        builder.environment().put("SWITCHBOARD_E2E_SERVER_ENV", JSON.writeValueAsString(serverEnv));
        TypeScriptSession session;
        try {
            session = new TypeScriptSession(builder.start());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start node " + SCRIPT, e);
        }
        session.awaitReady();
        return session;
    }

    @Override
    public CompletableFuture<Answer> callAsync(String tool, Map<String, Object> arguments) {
        return request(Map.of("tool", tool, "arguments", arguments)).thenApply(message -> {
            Map<String, Object> result = ToolResults.map(message.get("result"));
            return new Answer(
                    Boolean.TRUE.equals(result.get("isError")), ToolResults.map(result.get("structuredContent")));
        });
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<String> toolNames() {
        return (List<String>) request(Map.of("list", true)).join().get("tools");
    }

    @Override
    public String log() {
        return "\n--- node and server stderr (TypeScript SDK session) ---\n" + stderr;
    }

    @Override
    public void close() {
        try {
            stdin.close();
            if (!node.waitFor(20, TimeUnit.SECONDS)) {
                node.descendants().forEach(ProcessHandle::destroyForcibly);
                node.destroyForcibly();
            }
        } catch (IOException e) {
            node.destroyForcibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            node.destroyForcibly();
        }
    }

    private CompletableFuture<Map<String, Object>> request(Map<String, Object> body) {
        long id = ids.incrementAndGet();
        Map<String, Object> message = new LinkedHashMap<>(body);
        message.put("id", id);
        CompletableFuture<Map<String, Object>> answer = new CompletableFuture<>();
        waiting.put(id, answer);
        byte[] line = (JSON.writeValueAsString(message) + "\n").getBytes(StandardCharsets.UTF_8);
        synchronized (stdin) {
            try {
                stdin.write(line);
                stdin.flush();
            } catch (IOException e) {
                waiting.remove(id);
                return CompletableFuture.failedFuture(new AssertionError("the TypeScript session has ended" + log()));
            }
        }
        return answer.orTimeout(WAIT.toMillis(), TimeUnit.MILLISECONDS).handle((result, failure) -> {
            if (failure != null) {
                throw new AssertionError("no answer from the TypeScript session to " + body + log(), failure);
            }
            if (result.containsKey("error")) {
                throw new AssertionError("the TypeScript client failed " + body + ": " + result.get("error") + log());
            }
            return result;
        });
    }

    private void awaitReady() {
        try {
            ready.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            close();
            throw new AssertionError("the TypeScript session did not connect" + log(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new AssertionError("interrupted while the TypeScript session connected", e);
        }
    }

    @SuppressWarnings("unchecked")
    private void readAnswers(InputStream stdout) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(stdout, StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                Map<String, Object> message = JSON.readValue(line, Map.class);
                if (message.containsKey("ready")) {
                    ready.complete(message);
                } else {
                    CompletableFuture<Map<String, Object>> answer =
                            waiting.remove(((Number) message.get("id")).longValue());
                    if (answer != null) {
                        answer.complete(message);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            stderr.append("[test] reading the session's answers failed: ")
                    .append(e)
                    .append('\n');
        } finally {
            AssertionError ended = new AssertionError("the TypeScript session ended" + log());
            ready.completeExceptionally(ended);
            waiting.values().forEach(answer -> answer.completeExceptionally(ended));
        }
    }

    private void readLog(InputStream errors) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(errors, StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                stderr.append(line).append('\n');
            }
        } catch (IOException e) {
            stderr.append("[test] reading stderr failed: ").append(e).append('\n');
        }
    }
}
