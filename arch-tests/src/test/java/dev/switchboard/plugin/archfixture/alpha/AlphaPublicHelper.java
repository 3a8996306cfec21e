package dev.switchboard.plugin.archfixture.alpha;

/**
 * Breaks {@code public_adapter_and_root_classes_are_entry_points_or_wired_in}: a public class in the plugin's root
 * package that is not an entry point.
 */
public final class AlphaPublicHelper {

    /**
     * Helps.
     *
     * @return help
     */
    public String help() {
        return "help";
    }
}
