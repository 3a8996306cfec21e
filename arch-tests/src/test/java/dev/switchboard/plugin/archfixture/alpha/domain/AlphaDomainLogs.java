package dev.switchboard.plugin.archfixture.alpha.domain;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Violates AR8: a domain class that reaches for a library (SLF4J). */
public final class AlphaDomainLogs {

    private static final Logger LOG = LoggerFactory.getLogger(AlphaDomainLogs.class);

    /** Logs, which the domain may not. */
    public void shout() {
        LOG.info("domain logging");
    }
}
