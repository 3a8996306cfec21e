package dev.switchboard.plugin.transport.stdio;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

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
    private final UnaryOperator<McpSchema.JSONRPCMessage> narrowing;
    private final Predicate<McpSchema.JSONRPCMessage> observer;

    /**
     * @param narrowing what every outbound message becomes first (a list answer narrowed to the session's caller)
     * @param observer  sees every outbound message next and says whether to write it as a line of its own (false for
     *                  the answer of a cancelled request, or one that goes into a batch's array)
     */
    StdioSessionTransport(
            LineWriter writer,
            McpJsonMapper mapper,
            UnaryOperator<McpSchema.JSONRPCMessage> narrowing,
            Predicate<McpSchema.JSONRPCMessage> observer) {
        this.writer = writer;
        this.mapper = mapper;
        this.narrowing = narrowing;
        this.observer = observer;
    }

    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage sent) {
        return Mono.fromRunnable(() -> {
            McpSchema.JSONRPCMessage message = narrowing.apply(sent);
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
