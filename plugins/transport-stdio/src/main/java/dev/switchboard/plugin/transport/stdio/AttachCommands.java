package dev.switchboard.plugin.transport.stdio;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.call.LocalSession;
import dev.switchboard.ports.transport.LocalCommandCatalog;

/**
 * A {@code command} hello answered (ADR 41): the started plugins' {@link LocalCommandCatalog} runs the client's command
 * line with the client's directory, environment and standard input, its output collected whole, and the answer is one
 * line: the ok line's members and {@code "answered":true,"exit":N,"out":"...","err":"..."}, or
 * {@code "answered":false} when no plugin answers it (the client then runs the command itself; a command that throws
 * is declined the same way, with one log line naming its kind only). Counts the commands answered, for the
 * {@code status} frame. Thread-safe.
 */
final class AttachCommands {

    private static final Logger LOG = LoggerFactory.getLogger(AttachCommands.class);

    private final LocalCommandCatalog catalog;
    private final AtomicLong answered = new AtomicLong();

    AttachCommands(LocalCommandCatalog catalog) {
        this.catalog = catalog;
    }

    /**
     * @param hello the command's hello ({@link AttachHello.Kind#COMMAND})
     * @param ok    the ok line's members, to which the answer's are added
     * @return the answer's members
     */
    Map<String, Object> answer(AttachHello hello, Map<String, Object> ok) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Optional<Integer> status;
        try (PrintWriter outWriter = new PrintWriter(out);
                PrintWriter errWriter = new PrintWriter(err)) {
            status = catalog.run(
                    hello.arguments(),
                    new LocalSession(hello.cwd(), hello.environment()),
                    new ByteArrayInputStream(hello.input().getBytes(StandardCharsets.UTF_8)),
                    outWriter,
                    errWriter);
        } catch (RuntimeException e) {
            // its message may quote what it was given (an environment holds secrets): only its kind
            LOG.warn(
                    "attach: a command failed ({}); the client runs it itself",
                    e.getClass().getSimpleName());
            status = Optional.empty();
        }
        ok.put("answered", status.isPresent());
        if (status.isPresent()) {
            answered.incrementAndGet();
            ok.put("exit", status.get());
            ok.put("out", out.toString());
            ok.put("err", err.toString());
        }
        return ok;
    }

    /** @return how many commands this server answered */
    long answered() {
        return answered.get();
    }
}
