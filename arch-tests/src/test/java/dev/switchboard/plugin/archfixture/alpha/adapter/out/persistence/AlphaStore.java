package dev.switchboard.plugin.archfixture.alpha.adapter.out.persistence;

import dev.switchboard.plugin.archfixture.alpha.application.port.out.SaveThingPort;
import dev.switchboard.plugin.archfixture.alpha.domain.AlphaThing;

/**
 * An outbound adapter as it should be: it implements the application's port and is public only because the
 * plugin's module binds it. Used from the application or a tool adapter, it breaks {@code feature_plugins_are_onions};
 * with the module not bound to it, it breaks {@code public_adapter_and_root_classes_are_entry_points_or_wired_in}.
 */
public final class AlphaStore implements SaveThingPort {

    @Override
    public void save(AlphaThing thing) {
        // a fixture stores nothing
    }
}
