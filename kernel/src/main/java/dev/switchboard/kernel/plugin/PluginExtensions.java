package dev.switchboard.kernel.plugin;

import java.util.List;

/**
 * Where the kernel finds one plugin's extensions of a given type: PF4J's extension index when the plugin was loaded
 * from the plugins directory, the class path's index in a test bed. Each call builds new instances through the
 * plugin's injector; {@link PluginAssembler} asks once per type.
 */
@FunctionalInterface
public interface PluginExtensions {

    /**
     * @param type an extension point, such as {@code ResourceProvider}
     * @param <T>  its type
     * @return the plugin's extensions of that type, newly built, in the plugin's declared order; empty when none
     */
    <T> List<T> of(Class<T> type);
}
