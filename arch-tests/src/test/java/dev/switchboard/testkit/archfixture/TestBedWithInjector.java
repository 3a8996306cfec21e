package dev.switchboard.testkit.archfixture;

import com.google.inject.Guice;
import com.google.inject.Injector;

/** Allowed: the testkit builds a plugin's injector, as the kernel's plugin host does. */
final class TestBedWithInjector {

    Injector injector() {
        return Guice.createInjector();
    }
}
