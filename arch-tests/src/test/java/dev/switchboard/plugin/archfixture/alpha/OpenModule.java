package dev.switchboard.plugin.archfixture.alpha;

import com.google.inject.AbstractModule;

/** Breaks {@code guice_modules_are_named_final_and_rooted}: a module that can be subclassed. */
public class OpenModule extends AbstractModule {}
