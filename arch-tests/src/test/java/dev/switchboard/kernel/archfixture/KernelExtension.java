package dev.switchboard.kernel.archfixture;

import org.pf4j.Extension;

/** Breaks {@code extensions_live_in_plugins_and_implement_ports}: outside plugins, and no ports interface. */
@Extension
public final class KernelExtension implements Runnable {

    @Override
    public void run() {
        // a fixture: only its shape matters
    }
}
