package dev.switchboard.ports.transport;

import java.util.Objects;

import dev.switchboard.ports.auth.Authenticator;
import dev.switchboard.ports.call.SessionCheck;
import dev.switchboard.ports.http.HttpEndpointCatalog;
import dev.switchboard.ports.prompt.PromptCatalog;
import dev.switchboard.ports.resource.ResourceCatalog;
import dev.switchboard.ports.tool.ToolCatalog;
import dev.switchboard.ports.tool.ToolInvoker;

/**
 * Everything a transport needs from the kernel. All members are thread-safe.
 *
 * <p>A transport's own settings (host, port, limits) come from its plugin's configuration subtree, which it
 * receives as {@link dev.switchboard.ports.plugin.PluginContext}; the kernel applies command-line overrides such as
 * {@code serve --port} to that subtree.
 *
 * @param server        how to introduce the server
 * @param tools         the tools to list
 * @param invoker       runs tool calls
 * @param resources     the resources to list and read
 * @param prompts       the prompts to list and render
 * @param lifecycle     lets the transport tell the kernel that its input has ended
 * @param authenticator resolves bearer tokens to principals (network transports)
 * @param endpoints     the HTTP endpoints plugins contribute, for HTTP transports to mount
 * @param readiness     whether the server can serve now (a readiness probe's answer)
 * @param sessions      every started plugin's {@link SessionCheck} in one: why a local session's own settings cannot
 *                      serve it, asked before serving it (the attach transport, at a session's hello)
 * @param commands      the commands plugins answer for local processes of the server's user (the attach socket)
 * @param sealing       the key every node of the store seals client-held state with (the modern era's
 *                      {@code requestState}, ADR 46)
 */
public record TransportContext(
        ServerIdentity server,
        ToolCatalog tools,
        ToolInvoker invoker,
        ResourceCatalog resources,
        PromptCatalog prompts,
        TransportLifecycle lifecycle,
        Authenticator authenticator,
        HttpEndpointCatalog endpoints,
        Readiness readiness,
        SessionCheck sessions,
        LocalCommandCatalog commands,
        SealingKey sealing) {
    /** @throws NullPointerException if a component is null */
    public TransportContext {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(tools, "tools");
        Objects.requireNonNull(invoker, "invoker");
        Objects.requireNonNull(resources, "resources");
        Objects.requireNonNull(prompts, "prompts");
        Objects.requireNonNull(lifecycle, "lifecycle");
        Objects.requireNonNull(authenticator, "authenticator");
        Objects.requireNonNull(endpoints, "endpoints");
        Objects.requireNonNull(readiness, "readiness");
        Objects.requireNonNull(sessions, "sessions");
        Objects.requireNonNull(commands, "commands");
        Objects.requireNonNull(sealing, "sealing");
    }

    /**
     * A context whose client-held state is sealed with a key of its own ({@link SealingKey#inMemory()}): for a
     * transport without a store behind it.
     *
     * @throws NullPointerException if an argument is null
     */
    public TransportContext(
            ServerIdentity server,
            ToolCatalog tools,
            ToolInvoker invoker,
            ResourceCatalog resources,
            PromptCatalog prompts,
            TransportLifecycle lifecycle,
            Authenticator authenticator,
            HttpEndpointCatalog endpoints,
            Readiness readiness,
            SessionCheck sessions,
            LocalCommandCatalog commands) {
        this(
                server,
                tools,
                invoker,
                resources,
                prompts,
                lifecycle,
                authenticator,
                endpoints,
                readiness,
                sessions,
                commands,
                SealingKey.inMemory());
    }

    /**
     * A context that is always {@linkplain Readiness#ALWAYS ready}, without session checks or local commands.
     *
     * @throws NullPointerException if an argument is null
     */
    public TransportContext(
            ServerIdentity server,
            ToolCatalog tools,
            ToolInvoker invoker,
            ResourceCatalog resources,
            PromptCatalog prompts,
            TransportLifecycle lifecycle,
            Authenticator authenticator,
            HttpEndpointCatalog endpoints) {
        this(
                server,
                tools,
                invoker,
                resources,
                prompts,
                lifecycle,
                authenticator,
                endpoints,
                Readiness.ALWAYS,
                SessionCheck.NONE,
                LocalCommandCatalog.NONE);
    }

    /**
     * A context without HTTP endpoints.
     *
     * @throws NullPointerException if an argument is null
     */
    public TransportContext(
            ServerIdentity server,
            ToolCatalog tools,
            ToolInvoker invoker,
            ResourceCatalog resources,
            PromptCatalog prompts,
            TransportLifecycle lifecycle,
            Authenticator authenticator) {
        this(server, tools, invoker, resources, prompts, lifecycle, authenticator, HttpEndpointCatalog.NONE);
    }

    /**
     * @param newLifecycle the lifecycle to report to instead
     * @return this context with another lifecycle
     */
    public TransportContext withLifecycle(TransportLifecycle newLifecycle) {
        return new TransportContext(
                server,
                tools,
                invoker,
                resources,
                prompts,
                newLifecycle,
                authenticator,
                endpoints,
                readiness,
                sessions,
                commands,
                sealing);
    }
}
