package dev.switchboard.kernel.testplugins.secretenv;

import java.util.Set;

import org.pf4j.Extension;

import dev.switchboard.ports.exec.SecretVariables;

/** A test plugin's declaration of the one environment variable that holds its secret. */
@Extension
public final class DeclaredSecrets implements SecretVariables {

    @Override
    public Set<String> names() {
        return Set.of("TEST_PLUGIN_SECRET");
    }
}
