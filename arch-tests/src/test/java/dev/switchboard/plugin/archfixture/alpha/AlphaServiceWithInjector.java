package dev.switchboard.plugin.archfixture.alpha;

import com.google.inject.Injector;

/** Breaks {@code guice_api_only_in_modules_and_boot}: an ordinary class looking things up in the injector. */
final class AlphaServiceWithInjector {

    private final Injector injector;

    AlphaServiceWithInjector(Injector injector) {
        this.injector = injector;
    }

    Object lookUp(Class<?> type) {
        return injector.getInstance(type);
    }
}
