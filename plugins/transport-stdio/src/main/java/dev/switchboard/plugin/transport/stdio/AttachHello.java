package dev.switchboard.plugin.transport.stdio;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.modelcontextprotocol.json.TypeRef;

import dev.switchboard.bridge.mcp.McpServerAssembly;

/**
 * The first line a client sends on the attach socket:
 * {@code {"attach":1,"kind":"session","build":"...","pid":1234,"cwd":"/abs/dir","env":{...}}}. Nothing in it
 * changes a process-wide setting: {@code cwd} and {@code env} only say who the session is. Immutable.
 *
 * @param kind        what the client wants
 * @param build       the client's build id, as it says (shown, never trusted for anything)
 * @param pid         the client's process id, 0 when not given
 * @param cwd         the client's working directory; present for a session, else possibly null
 * @param environment the client's whole environment; empty when not given
 * @param arguments   a command's command line ({@code args}, such as {@code [hook, stop]}); empty for other kinds
 * @param input       a command's standard input as the client read it ({@code stdin}, UTF-8 text); empty when not
 *                    given
 */
record AttachHello(
        Kind kind,
        String build,
        long pid,
        Path cwd,
        Map<String, String> environment,
        List<String> arguments,
        String input) {

    /** The protocol version this server speaks, the value of {@code attach}. */
    static final int VERSION = 1;

    /** What a hello asks for. */
    enum Kind {
        /** An MCP session follows on the socket. */
        SESSION,
        /** The server's state and its sessions, then close. */
        STATUS,
        /** Stop the server, as on SIGTERM. */
        STOP,
        /** Exit when the last session ends. */
        DRAIN,
        /**
         * Run a command for the client ({@code hook stop}, {@code status}: a plugin's
         * {@link dev.switchboard.ports.cli.LocalCommand}, ADR 41) and answer with its exit status and output, then
         * close.
         */
        COMMAND
    }

    /** @throws NullPointerException if {@code kind}, {@code build} or {@code environment} is null */
    AttachHello {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(build, "build");
        environment = Map.copyOf(environment);
        arguments = List.copyOf(arguments);
        Objects.requireNonNull(input, "input");
    }

    /**
     * @param line the first line, without its newline
     * @return the hello it holds
     * @throws AttachRefusal {@code INVALID} if the line is not a hello this server understands
     */
    static AttachHello parse(byte[] line) {
        Map<String, Object> json;
        try {
            json = McpServerAssembly.jsonMapper().readValue(line, new TypeRef<Map<String, Object>>() {});
        } catch (IOException | RuntimeException e) {
            throw AttachRefusal.invalid("the first line is not a JSON object");
        }
        if (json == null || !(json.get("attach") instanceof Number version) || version.intValue() != VERSION) {
            throw AttachRefusal.invalid("the first line must be a hello with \"attach\":" + VERSION);
        }
        Kind kind = kind(json.get("kind"));
        String build = json.get("build") instanceof String text ? text : "";
        long pid = json.get("pid") instanceof Number number ? number.longValue() : 0;
        if (kind != Kind.SESSION && kind != Kind.COMMAND) {
            return new AttachHello(kind, build, pid, null, Map.of(), List.of(), "");
        }
        if (!(json.get("cwd") instanceof String cwd) || !Path.of(cwd).isAbsolute()) {
            throw AttachRefusal.invalid("a session's hello needs \"cwd\", an absolute directory");
        }
        if (kind == Kind.SESSION) {
            return new AttachHello(kind, build, pid, Path.of(cwd), environment(json.get("env")), List.of(), "");
        }
        String input = json.get("stdin") instanceof String text ? text : "";
        return new AttachHello(kind, build, pid, Path.of(cwd), environment(json.get("env")), arguments(json), input);
    }

    private static List<String> arguments(Map<String, Object> json) {
        if (!(json.get("args") instanceof List<?> list) || list.isEmpty()) {
            throw AttachRefusal.invalid("a command's hello needs \"args\", a non-empty array of strings");
        }
        List<String> arguments = new ArrayList<>();
        for (Object word : list) {
            if (!(word instanceof String text)) {
                throw AttachRefusal.invalid("\"args\" must be an array of strings");
            }
            arguments.add(text);
        }
        return arguments;
    }

    private static Kind kind(Object value) {
        if (value instanceof String text) {
            for (Kind kind : Kind.values()) {
                if (kind.name().equalsIgnoreCase(text)) {
                    return kind;
                }
            }
        }
        throw AttachRefusal.invalid("\"kind\" must be session, status, stop, drain or command, was: " + value);
    }

    private static Map<String, String> environment(Object value) {
        if (!(value instanceof Map<?, ?> map)) {
            throw AttachRefusal.invalid("a session's hello needs \"env\", an object of strings");
        }
        Map<String, String> environment = new LinkedHashMap<>();
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            if (!(entry.getKey() instanceof String name) || !(entry.getValue() instanceof String text)) {
                throw AttachRefusal.invalid("\"env\" must map names to strings");
            }
            environment.put(name, text);
        }
        return environment;
    }
}
