package dev.switchboard.kernel.plugin;

import java.nio.file.Path;

import org.pf4j.DefaultPluginLoader;
import org.pf4j.PluginClassLoader;
import org.pf4j.PluginDescriptor;
import org.pf4j.PluginManager;

/** Loads expanded zip plugins ({@code classes/}, {@code lib/*.jar}) with a {@link SharedApiClassLoader}. */
final class SharedApiPluginLoader extends DefaultPluginLoader {

    SharedApiPluginLoader(PluginManager manager) {
        super(manager);
    }

    @Override
    protected PluginClassLoader createPluginClassLoader(Path pluginPath, PluginDescriptor descriptor) {
        return new SharedApiClassLoader(pluginManager, descriptor, getClass().getClassLoader());
    }
}
