package dev.switchboard.kernel.plugin;

import java.util.List;

import org.pf4j.PluginClassLoader;
import org.pf4j.PluginDescriptor;
import org.pf4j.PluginManager;

/**
 * A plugin class loader that always takes the host's copy of the shared APIs (ports, the secret-file rule, PF4J, Guice, SLF4J, Jackson, the
 * MCP SDK and bridge, jOOQ, the SQLite driver), and loads everything else plugin-first. A plugin that bundles its own
 * copy of ports would otherwise have its extensions dropped by PF4J ("different class loaders"), and two copies of the
 * SQLite native library cannot be loaded into one JVM.
 */
final class SharedApiClassLoader extends PluginClassLoader {

    private static final List<String> SHARED_PREFIXES = List.of(
            "dev.switchboard.ports.",
            "dev.switchboard.secretfiles.",
            "dev.switchboard.bridge.",
            "org.pf4j.",
            "com.google.inject.",
            "com.google.common.",
            "jakarta.inject.",
            "org.slf4j.",
            "tools.jackson.",
            "com.fasterxml.jackson.",
            "io.modelcontextprotocol.",
            "reactor.",
            "org.reactivestreams.",
            "org.jooq.",
            "org.sqlite.",
            "com.networknt.");

    static {
        registerAsParallelCapable();
    }

    SharedApiClassLoader(PluginManager manager, PluginDescriptor descriptor, ClassLoader parent) {
        super(manager, descriptor, parent);
    }

    @Override
    protected boolean shouldDelegateToParent(String className) {
        for (String prefix : SHARED_PREFIXES) {
            if (className.startsWith(prefix)) {
                return true;
            }
        }
        return super.shouldDelegateToParent(className);
    }
}
