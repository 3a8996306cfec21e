package dev.switchboard.attach;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The first line each way on a connection. The client's:
 * {@code {"attach":1,"kind":"session|status|stop|drain","build":"...","pid":N,"cwd":"...","env":{...}}}, with
 * {@code cwd} and {@code env} (the whole environment) for a session only. The server's: {@code {"attach":1,"ok":true,
 * "pid":N,"build":"..."}} (a status answer adds {@code server} and {@code sessions}), or {@code {"attach":1,"ok":false,
 * "code":"...","message":"..."}}. Stateless.
 */
final class Hello {

    /** The protocol version both sides send. */
    static final int VERSION = 1;

    private Hello() {}

    /**
     * @param kind  {@code session}, {@code status}, {@code stop} or {@code drain}
     * @param build this client's build id
     * @param cwd   the working directory (a session only, else null)
     * @param env   the environment (a session only, else null)
     * @return the hello line, without its line end
     */
    static byte[] frame(String kind, String build, String cwd, Map<String, String> env) {
        return Json.write(json -> {
            json.writeStartObject();
            json.writeNumberProperty("attach", VERSION);
            json.writeStringProperty("kind", kind);
            json.writeStringProperty("build", build);
            json.writeNumberProperty("pid", ProcessHandle.current().pid());
            if (cwd != null) {
                json.writeStringProperty("cwd", cwd);
            }
            if (env != null) {
                json.writeName("env");
                json.writeStartObject();
                for (Map.Entry<String, String> variable : env.entrySet()) {
                    json.writeStringProperty(variable.getKey(), variable.getValue());
                }
                json.writeEndObject();
            }
            json.writeEndObject();
        });
    }

    /**
     * Sends a hello and reads the server's answer.
     *
     * @param connection a fresh connection
     * @param frame      the hello line ({@link #frame})
     * @return the answer
     * @throws IOException if the connection breaks or closes before the answer, or the answer is not a hello answer
     */
    static Answer exchange(Connection connection, byte[] frame) throws IOException {
        connection.writeLine(frame);
        return read(connection);
    }

    /**
     * Sends a hello and reads the server's answer, within a deadline: a server that accepts the connection but does
     * not answer in time (hung, or stopped with SIGSTOP) has its connection closed.
     *
     * @param connection a fresh connection
     * @param frame      the hello line ({@link #frame})
     * @param limit      how long the server may take to answer
     * @return the answer
     * @throws AnswerDeadline.NoAnswer if the server did not answer within {@code limit} (the connection is closed)
     * @throws IOException             as {@link #exchange(Connection, byte[])}
     */
    static Answer exchange(Connection connection, byte[] frame, Duration limit) throws IOException {
        try (AnswerDeadline deadline = AnswerDeadline.start(connection, limit)) {
            try {
                return exchange(connection, frame);
            } catch (IOException e) {
                throw deadline.check(e);
            }
        }
    }

    private static Answer read(Connection connection) throws IOException {
        LineReader reader = connection.reader();
        if (!reader.next()) {
            throw new IOException("the server closed the connection before answering the hello");
        }
        Map<String, Object> answer = Json.object(reader.buffer(), reader.offset(), reader.length());
        if (!(answer.get("attach") instanceof Number) || !(answer.get("ok") instanceof Boolean ok)) {
            throw new IOException("the server answered the hello with something else than a hello answer");
        }
        String line = new String(reader.buffer(), reader.offset(), reader.length(), StandardCharsets.UTF_8);
        return new Answer(ok, text(answer.get("code")), text(answer.get("message")), answer, line.strip());
    }

    private static String text(Object value) {
        return value == null ? "" : String.valueOf(value);
    }

    /**
     * The server's answer. Immutable.
     *
     * @param ok      whether the server accepted
     * @param code    when refused, {@code FORBIDDEN}, {@code INVALID} or {@code UNAVAILABLE}; else empty
     * @param message when refused, why; else empty
     * @param members every member of the answer, as plain values
     * @param line    the answer's line as sent
     */
    record Answer(boolean ok, String code, String message, Map<String, Object> members, String line) {

        /** Copies the members. */
        Answer {
            members = Collections.unmodifiableMap(new LinkedHashMap<>(members));
        }
    }
}
