package dev.switchboard.plugin.archfixture.alpha.adapter.in.tool;

/**
 * Breaks {@code public_adapter_and_root_classes_are_entry_points_or_wired_in}: a public adapter class that neither
 * the host nor the plugin's root package reaches.
 */
public final class AlphaPublicView {

    /**
     * Renders.
     *
     * @return the view
     */
    public String render() {
        return "view";
    }
}
