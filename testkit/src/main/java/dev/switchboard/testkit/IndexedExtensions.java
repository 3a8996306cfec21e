package dev.switchboard.testkit;

import java.util.ArrayList;
import java.util.List;

import com.google.inject.Injector;

import dev.switchboard.kernel.plugin.PluginExtensions;
import dev.switchboard.testkit.plugin.ExtensionIndex;

/** A plugin's extensions as PF4J would find them, from its class-path index, each built by the plugin's injector. */
final class IndexedExtensions implements PluginExtensions {

    private final ExtensionIndex index;
    private final Injector injector;

    IndexedExtensions(ExtensionIndex index, Injector injector) {
        this.index = index;
        this.injector = injector;
    }

    @Override
    public <T> List<T> of(Class<T> type) {
        List<T> built = new ArrayList<>();
        for (Class<? extends T> extension : index.classesOf(type)) {
            built.add(injector.getInstance(extension));
        }
        return built;
    }
}
