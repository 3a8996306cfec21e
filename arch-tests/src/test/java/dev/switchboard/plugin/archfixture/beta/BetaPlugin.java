package dev.switchboard.plugin.archfixture.beta;

import org.pf4j.Plugin;

/** The second fixture plugin's PF4J class; it marks {@code dev.switchboard.plugin.archfixture.beta} as a root. */
public final class BetaPlugin extends Plugin {}
