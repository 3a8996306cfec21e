package dev.switchboard.kernel.plugin;

import java.util.function.Function;

import org.pf4j.ExtensionFactory;

import com.google.inject.Injector;

/**
 * Builds extensions through the Guice injector of the plugin that declares them, so that {@code @Inject}
 * constructors receive the plugin's own bindings and the kernel's services.
 */
final class GuiceExtensionFactory implements ExtensionFactory {

    private final Function<Class<?>, Injector> injectorOf;

    GuiceExtensionFactory(Function<Class<?>, Injector> injectorOf) {
        this.injectorOf = injectorOf;
    }

    @Override
    public <T> T create(Class<T> extensionClass) {
        return injectorOf.apply(extensionClass).getInstance(extensionClass);
    }
}
