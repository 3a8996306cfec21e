package dev.switchboard.plugin.mailbox.orientation.adapter.in.tool;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.ChannelAudience;
import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.ChannelTool;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.ports.tool.BuiltOnFirstCall;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/**
 * A tool that answers a text file the plugin jar carries next to the orientation classes, as plain text, to a caller
 * with a role: {@code get_protocol} and {@code get_charter_template}. The file is read once, when the tool is built
 * (on its first call: {@link BuiltOnFirstCall}, listed before to the {@link ChannelAudience}). Thread-safe
 * (immutable).
 */
@BuiltOnFirstCall(listedTo = ChannelAudience.class)
abstract class BundledTextTool implements ChannelTool {

    private final ToolDescriptor descriptor;
    private final CallerResolver callers;
    private final String text;

    /**
     * @param descriptor the tool's descriptor constant
     * @param callers    who calls
     * @param file       the file's name in {@code dev/switchboard/plugin/mailbox/orientation/}
     * @throws IllegalStateException if the jar lacks the file (a broken build)
     */
    BundledTextTool(ToolDescriptor descriptor, CallerResolver callers, String file) {
        this.descriptor = Objects.requireNonNull(descriptor, "descriptor");
        this.callers = Objects.requireNonNull(callers, "callers");
        this.text = read(file);
    }

    @Override
    public final CallerResolver callers() {
        return callers;
    }

    @Override
    public final ToolDescriptor descriptor() {
        return descriptor;
    }

    /** @return the text; FORBIDDEN without a role */
    @Override
    public final ToolResult call(ToolCall call) {
        return callers.resolve(call).toResult(caller -> ToolResult.text(text));
    }

    private static String read(String name) {
        String path = "/dev/switchboard/plugin/mailbox/orientation/" + name;
        try (InputStream in = BundledTextTool.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException(path + " is missing from the mailbox plugin's jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + " from the mailbox plugin's jar", e);
        }
    }
}
