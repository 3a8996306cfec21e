package dev.switchboard.plugin.archfixture.alpha;

import org.pf4j.Plugin;

/** The fixture plugin's PF4J class; it marks {@code dev.switchboard.plugin.archfixture.alpha} as a plugin root. */
public final class AlphaPlugin extends Plugin {}
