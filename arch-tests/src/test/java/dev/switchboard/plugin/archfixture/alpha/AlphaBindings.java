package dev.switchboard.plugin.archfixture.alpha;

import com.google.inject.AbstractModule;

/** Breaks {@code guice_modules_are_named_final_and_rooted}: a module whose name hides what it is. */
public final class AlphaBindings extends AbstractModule {}
