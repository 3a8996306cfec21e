package dev.switchboard.kernel.plugin;

import java.util.List;
import java.util.Optional;

import org.pf4j.PluginWrapper;

/**
 * What a plugin's descriptor says about the command lines it serves, read without starting it: the first words of
 * its subcommands ({@value #COMMANDS_PROPERTY}) and whether it contributes a state summary
 * ({@value #SUMMARY_PROPERTY}). Decides which plugins a command prepares (ADR 19, ADR 23). Stateless.
 */
final class CommandDeclarations {

    /** The {@code plugin.properties} key listing the first words of a plugin's subcommands. */
    static final String COMMANDS_PROPERTY = "plugin.commands";

    /**
     * The {@code plugin.properties} key by which a plugin says it contributes a
     * {@link dev.switchboard.ports.summary.StateSummary} ({@code true}): it is prepared with every plugin subcommand,
     * so that a subcommand's {@link dev.switchboard.ports.summary.StateSummaries} lists it (ADR 28).
     */
    static final String SUMMARY_PROPERTY = "plugin.summary";

    private CommandDeclarations() {}

    /**
     * @param plugin a loaded plugin
     * @return the words of its {@value #COMMANDS_PROPERTY} (words separated by spaces or commas; {@code
     *         Plugin-Commands} in a jar plugin's manifest), none when blank, or empty when it lacks the key or its
     *         descriptor cannot be read
     */
    static Optional<List<String>> commandWords(PluginWrapper plugin) {
        try {
            return PluginModuleLoader.descriptorEntry(plugin.getPluginPath(), COMMANDS_PROPERTY, "Plugin-Commands")
                    .map(value ->
                            value.isBlank() ? List.of() : List.of(value.strip().split("[\\s,]+")));
        } catch (PluginStartException e) {
            return Optional.empty();
        }
    }

    /** @return whether the plugin lists {@code word} in its {@value #COMMANDS_PROPERTY} */
    static boolean declaresCommand(PluginWrapper plugin, String word) {
        return commandWords(plugin).orElse(List.of()).contains(word);
    }

    /** @return whether the plugin's descriptor says {@value #SUMMARY_PROPERTY}{@code =true} */
    static boolean contributesSummary(PluginWrapper plugin) {
        try {
            return PluginModuleLoader.descriptorValue(plugin.getPluginPath(), SUMMARY_PROPERTY, "Plugin-Summary")
                    .map(value -> value.strip().equals("true"))
                    .orElse(false);
        } catch (PluginStartException e) {
            return false;
        }
    }
}
