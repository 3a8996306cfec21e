package dev.switchboard.plugin.transport.stdio;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Predicate;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerTransport;
import reactor.core.publisher.Mono;

/**
 * The SDK session's way out: each message is written as one line on the calling thread, so that notifications a
 * call sends reach the client before the call's answer. Thread-safe.
 */
final class StdioSessionTransport implements McpServerTransport {

    private final LineWriter writer;
    private final McpJsonMapper mapper;
    private final Predicate<McpSchema.JSONRPCMessage> observer;

    /**
     * @param observer sees every outbound message first and says whether to write it as a line of its own (false for
     *                 the answer of a cancelled request, or one that goes into a batch's array)
     */
    StdioSessionTransport(LineWriter writer, McpJsonMapper mapper, Predicate<McpSchema.JSONRPCMessage> observer) {
        this.writer = writer;
        this.mapper = mapper;
        this.observer = observer;
    }

    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
        return Mono.fromRunnable(() -> {
            if (!observer.test(message)) {
                return;
            }
            try {
                writer.write(message);
            } catch (IOException e) {
                throw new UncheckedIOException("could not write to stdout", e);
            }
        });
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
        return mapper.convertValue(data, typeRef);
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.fromRunnable(writer::close);
    }

    @Override
    public void close() {
        writer.close();
    }
}
