package dev.switchboard.kernel.tools;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.ToolCatalog;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolListChanges;

/**
 * The catalog transports serve: the registered tools, listed, and the tools of failed plugins as
 * {@linkplain ToolCatalog#unavailable() unavailable} (callable, answered with why, never listed). Plugins report
 * through it ({@link ToolListChanges}) that a tool's listing changed. Thread-safe.
 */
@Singleton
public final class ServedToolCatalog implements ToolCatalog, ToolListChanges {

    private final ToolRegistry registry;
    private final FailedPluginTools failed;
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    /**
     * @param registry the registered tools
     * @param failed   the tools of plugins that failed to start
     */
    @Inject
    public ServedToolCatalog(ToolRegistry registry, FailedPluginTools failed) {
        this.registry = registry;
        this.failed = failed;
    }

    @Override
    public List<ToolDescriptor> tools() {
        return registry.tools();
    }

    @Override
    public Optional<ToolDescriptor> find(String name) {
        return registry.find(name);
    }

    @Override
    public boolean listedFor(String name, Principal caller) {
        return registry.listedFor(name, caller);
    }

    /** @return failed plugins' tool names that no registered tool has taken, sorted */
    @Override
    public List<String> unavailable() {
        return failed.names().stream()
                .filter(name -> registry.find(name).isEmpty())
                .toList();
    }

    @Override
    public void addChangeListener(Runnable listener) {
        listeners.add(listener);
    }

    @Override
    public void removeChangeListener(Runnable listener) {
        listeners.remove(listener);
    }

    /**
     * Tells the listeners that the served tools changed (a plugin started after the transports, or a plugin reported
     * that a tool's listing changed).
     */
    @Override
    public void changed() {
        listeners.forEach(Runnable::run);
    }
}
