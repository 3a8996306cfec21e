package dev.switchboard.plugin.archfixture.alpha;

import org.pf4j.Extension;

/** Breaks {@code extensions_live_in_plugins_and_implement_ports}: an extension of no published extension point. */
@Extension
public final class AlphaExtensionWithoutPort implements Runnable {

    @Override
    public void run() {
        // a fixture: only its shape matters
    }
}
