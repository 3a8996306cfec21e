package dev.switchboard.kernel.plugin;

import com.google.inject.Binder;
import com.google.inject.Injector;
import com.google.inject.Key;

/**
 * What a plugin's injector takes from the kernel's: every unannotated binding of the kernel's injector whose type is a
 * port (package {@value #PORTS}), such as {@code SqlStorage}, {@code ChangeSignals}, {@code SecretScanner},
 * {@code ProcessExecutor} and {@code TransportStatus}, each delegated to the kernel's own provider (so a kernel
 * singleton stays one instance, and an unscoped binding such as {@code SqlStorage} is asked each time).
 *
 * <p>A plugin's injector is a top-level injector with these bindings, not a child of the kernel's: Guice resolves a
 * just-in-time binding in a child by first trying to create it in the parent, which for a plugin class (whose
 * dependencies are the plugin's own) always fails after the reflection and error reports are made, and then does the
 * work again in the child, at every level of the plugin's object graph; that cost some 20-30 ms of each start with
 * every bundled plugin (measured in {@code docs/performance.md}). It also keeps plugin classes out of the kernel's
 * injector. Stateless.
 */
final class KernelServices {

    /** The package prefix of the types a plugin may be given from the kernel's injector. */
    static final String PORTS = "dev.switchboard.ports.";

    private KernelServices() {}

    /**
     * Binds, in a plugin's injector, each of the kernel's port services to the kernel's own provider.
     *
     * @param binder the plugin injector's binder
     * @param kernel the kernel's injector
     */
    static void bind(Binder binder, Injector kernel) {
        for (Key<?> key : kernel.getBindings().keySet()) {
            if (key.getAnnotationType() == null
                    && key.getTypeLiteral().getRawType().getName().startsWith(PORTS)) {
                delegate(binder, kernel, key);
            }
        }
    }

    private static <T> void delegate(Binder binder, Injector kernel, Key<T> key) {
        binder.bind(key).toProvider(kernel.getProvider(key));
    }
}
