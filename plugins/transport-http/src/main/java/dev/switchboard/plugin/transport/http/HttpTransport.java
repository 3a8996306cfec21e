package dev.switchboard.plugin.transport.http;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import jakarta.inject.Inject;

import org.pf4j.Extension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.plugin.InvalidSettingException;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.transport.Transport;
import dev.switchboard.ports.transport.TransportContext;
import dev.switchboard.ports.transport.TransportException;

/**
 * The {@code http} transport: MCP streamable HTTP (protocol 2025-11-25, and the earlier versions the server speaks)
 * on {@code /mcp}, with {@code /healthz} and {@code /readyz}, served by Helidon SE. Every request passes the Host and
 * Origin allowlists and, when the kernel's authenticator requires it, a bearer token; sessions are bound to the
 * principal that created them. Settings come from {@code plugins.transport-http} (see {@code HttpSettings} for the
 * keys and defaults).
 *
 * <p>Starts once: binding a non-loopback address while authentication is off is refused, as is a malformed setting
 * or a port in use ({@link TransportException}). {@link #stop()} drains running calls for the configured time, then
 * cancels the rest; it is idempotent. Thread-safe.
 */
@Extension
public final class HttpTransport implements Transport {

    private static final Logger LOG = LoggerFactory.getLogger(HttpTransport.class);
    private static final String ID = "http";

    private final PluginContext plugin;
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicReference<McpHttpServer> running = new AtomicReference<>();
    private final AtomicReference<String> endpoint = new AtomicReference<>();

    /** @param plugin the plugin's context, whose configuration subtree holds the settings */
    @Inject
    public HttpTransport(PluginContext plugin) {
        this.plugin = plugin;
    }

    @Override
    public String id() {
        return ID;
    }

    /** @throws TransportException if already started, refused by configuration, or the address cannot be bound */
    @Override
    public void start(TransportContext context) {
        if (!started.compareAndSet(false, true)) {
            throw new TransportException("the http transport is already started");
        }
        HttpSettings settings;
        try {
            settings = HttpSettings.from(plugin);
        } catch (InvalidSettingException e) {
            throw new TransportException(e.getMessage(), e);
        }
        InetAddress address = resolve(settings.host());
        if (!address.isLoopbackAddress() && !context.authenticator().required()) {
            throw new TransportException("refusing to serve HTTP on " + settings.host() + ": it is not a loopback"
                    + " address and authentication is off; turn authentication on, or bind 127.0.0.1");
        }
        McpHttpServer server;
        try {
            server = withPluginClassLoader(() -> McpHttpServer.start(settings, address, context));
        } catch (TransportException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new TransportException(
                    "the http transport could not listen on " + settings.host() + ":" + settings.port() + ": "
                            + e.getMessage(),
                    e);
        }
        running.set(server);
        endpoint.set("http://" + urlHost(address) + ":" + server.port() + "/mcp");
        LOG.info("MCP streamable HTTP listening on {}", endpoint.get());
    }

    /** @return {@code http://HOST:PORT/mcp} with the bound port, or empty when not serving */
    @Override
    public Optional<String> address() {
        return running.get() == null ? Optional.empty() : Optional.ofNullable(endpoint.get());
    }

    /** @return the port being listened on (the chosen one when configured as 0), or -1 when not serving */
    public int port() {
        McpHttpServer server = running.get();
        return server == null ? -1 : server.port();
    }

    /** @return the MCP sessions open now, or empty when not serving */
    @Override
    public OptionalInt openSessions() {
        McpHttpServer server = running.get();
        return server == null ? OptionalInt.empty() : OptionalInt.of(server.openSessions());
    }

    @Override
    public void stop() {
        McpHttpServer server = running.getAndSet(null);
        if (server != null) {
            withPluginClassLoader(() -> {
                server.stop();
                return null;
            });
            LOG.info("MCP streamable HTTP stopped");
        }
    }

    private static InetAddress resolve(String host) {
        try {
            return InetAddress.getByName(
                    host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host);
        } catch (UnknownHostException e) {
            throw new TransportException(
                    "invalid setting " + HttpSettings.PREFIX + ".host = '" + host + "': the address cannot be resolved",
                    e);
        }
    }

    private static String urlHost(InetAddress address) {
        String literal = address.getHostAddress();
        return literal.contains(":") ? "[" + literal + "]" : literal;
    }

    /**
     * Helidon finds its protocol and media support through service loading, which looks at the thread's context
     * class loader; under PF4J that must be this plugin's loader, which holds Helidon. Threads Helidon starts here
     * inherit it.
     */
    private static <T> T withPluginClassLoader(Supplier<T> work) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(HttpTransport.class.getClassLoader());
        try {
            return work.get();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }
}
