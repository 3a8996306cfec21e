package dev.switchboard.kernel.archfixture;

/** Breaks {@code only_guice_modules_are_named_module}: named like a module, binds nothing. */
final class KernelHelperModule {

    String name() {
        return "helper";
    }
}
