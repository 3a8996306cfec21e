package dev.switchboard.plugin.archfixture.alpha;

import dev.switchboard.kernel.archfixture.KernelService;

/** Breaks {@code plugins_reach_the_host_only_through_ports}: a plugin that calls the kernel directly. */
final class AlphaUsesKernel {

    String ask(KernelService kernel) {
        return kernel.version();
    }
}
