package dev.switchboard.kernel.tools;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolCatalog;
import dev.switchboard.ports.tool.ToolDescriptor;

/**
 * The tool catalog: every tool of every started plugin under its final wire name. Registration of one plugin's tools
 * is all or nothing. Thread-safe: reads are lock-free, registrations are serialised.
 */
@Singleton
public final class ToolRegistry implements ToolCatalog {

    private static final Logger LOG = LoggerFactory.getLogger(ToolRegistry.class);

    private final ArgumentValidator validator;
    private final ConcurrentMap<String, ToolEntry> byName = new ConcurrentHashMap<>();
    private volatile List<ToolDescriptor> sorted = List.of();

    /** @param validator compiles each tool's input schema at registration */
    @Inject
    public ToolRegistry(ArgumentValidator validator) {
        this.validator = validator;
    }

    /**
     * Registers a plugin's tools, or none of them.
     *
     * @param owner  the contributing plugin's id
     * @param prefix the operator's name prefix for this plugin, or {@code ""}
     * @param tools  the tools
     * @return the final wire names, in the given order
     * @throws ToolNameCollisionException  if a name is already taken (by another plugin, or twice by this one)
     * @throws IllegalArgumentException    if a prefixed name is not a valid tool name
     * @throws InvalidToolSchemaException  if a tool's input schema is unusable
     */
    public synchronized List<String> register(String owner, String prefix, List<Tool> tools) {
        Map<String, ToolEntry> batch = new LinkedHashMap<>();
        for (Tool tool : tools) {
            ToolDescriptor original = tool.descriptor();
            ToolDescriptor named = prefix.isEmpty() ? original : original.withName(prefix + original.name());
            ToolEntry taken = byName.get(named.name());
            if (taken != null || batch.containsKey(named.name())) {
                throw new ToolNameCollisionException(named.name(), taken != null ? taken.owner() : owner, owner);
            }
            batch.put(
                    named.name(),
                    new ToolEntry(owner, named, tool, validator.compile(named.name(), named.inputSchema())));
        }
        byName.putAll(batch);
        refresh();
        return List.copyOf(batch.keySet());
    }

    /**
     * Removes every tool of a plugin (when it fails or stops).
     *
     * @param owner the plugin's id
     */
    public synchronized void unregister(String owner) {
        byName.values().removeIf(t -> t.owner().equals(owner));
        refresh();
    }

    /**
     * @param owner a plugin id
     * @return the wire names of that plugin's tools, sorted
     */
    public List<String> namesOf(String owner) {
        return byName.values().stream()
                .filter(t -> t.owner().equals(owner))
                .map(t -> t.descriptor().name())
                .sorted()
                .toList();
    }

    Optional<ToolEntry> lookup(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    @Override
    public List<ToolDescriptor> tools() {
        return sorted;
    }

    @Override
    public Optional<ToolDescriptor> find(String name) {
        return lookup(name).map(ToolEntry::descriptor);
    }

    /**
     * @return the tool's own {@link Tool#listedFor} answer; a tool whose answer throws is listed (its calls still
     *         refuse on their own) and the defect is logged
     */
    @Override
    public boolean listedFor(String name, Principal caller) {
        Optional<ToolEntry> entry = lookup(name);
        if (entry.isEmpty()) {
            return true;
        }
        try {
            return entry.get().tool().listedFor(caller);
        } catch (RuntimeException e) {
            LOG.error("tool {} failed to say whether it is listed; listing it", name, e);
            return true;
        }
    }

    /**
     * @param name   a wire name
     * @param caller who the tool is not listed for
     * @return the tool's {@link Tool#unlistedHint(Principal)}, or empty (also when it throws)
     */
    public Optional<String> unlistedHint(String name, Principal caller) {
        try {
            return lookup(name).map(entry -> entry.tool().unlistedHint(caller));
        } catch (RuntimeException e) {
            LOG.error("tool {} failed to give its unlisted hint", name, e);
            return Optional.empty();
        }
    }

    private void refresh() {
        List<ToolDescriptor> list = new ArrayList<>();
        byName.values().forEach(t -> list.add(t.descriptor()));
        list.sort(Comparator.comparing(ToolDescriptor::name));
        sorted = List.copyOf(list);
    }
}
