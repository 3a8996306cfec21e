package dev.switchboard.kernel.plugin;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The tool names a plugin declares in its descriptor ({@code plugin.tools} in {@code plugin.properties},
 * comma-separated, or {@code Plugin-Tools} in a jar plugin's manifest), so that the kernel knows them even when the
 * plugin fails before its tools can be built, and can answer a call to one with why. Optional: a plugin without the
 * declaration loses only that answer. Names are as the plugin writes them, before an operator's prefix. Stateless.
 */
final class DeclaredTools {

    static final String PROPERTY = "plugin.tools";
    static final String MANIFEST_ATTRIBUTE = "Plugin-Tools";

    private DeclaredTools() {
    }

    /**
     * @param pluginPath the plugin's directory or jar
     * @return the declared names, in the declared order; empty when none are declared or the descriptor is
     *         unreadable (this never fails a plugin)
     */
    static List<String> of(Path pluginPath) {
        try {
            return PluginProperty.of(pluginPath, PROPERTY, MANIFEST_ATTRIBUTE)
                    .map(value -> Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty())
                            .toList())
                    .orElse(List.of());
        } catch (PluginStartException e) {
            return List.of();
        }
    }
}
