package dev.switchboard.plugin.archfixture.alpha;

import java.util.logging.Logger;

/** Breaks {@code no_class_uses_java_util_logging}: logging past SLF4J. */
final class AlphaUsesJul {

    void note() {
        Logger.getLogger(AlphaUsesJul.class.getName()).info("noted");
    }
}
