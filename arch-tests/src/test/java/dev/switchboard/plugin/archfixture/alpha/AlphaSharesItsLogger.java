package dev.switchboard.plugin.archfixture.alpha;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Breaks {@code slf4j_loggers_are_private_static_final}: a logger other classes can reach and reuse. */
final class AlphaSharesItsLogger {

    static final Logger LOG = LoggerFactory.getLogger(AlphaSharesItsLogger.class);

    void note() {
        LOG.info("noted");
    }
}
