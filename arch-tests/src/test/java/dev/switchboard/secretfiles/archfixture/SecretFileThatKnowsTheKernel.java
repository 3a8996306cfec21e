package dev.switchboard.secretfiles.archfixture;

import dev.switchboard.kernel.archfixture.KernelService;

/** Breaks {@code secret_files_depend_only_on_the_jdk}: the shared library reaches into the kernel. */
final class SecretFileThatKnowsTheKernel {

    String version(KernelService kernel) {
        return kernel.version();
    }
}
