package dev.switchboard.kernel.testplugins.secretenv;

import java.util.List;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.ports.plugin.InvalidSettingException;
import dev.switchboard.ports.secrets.SecretFinding;
import dev.switchboard.ports.secrets.SecretScanner;

/** A secret scanner that cannot be built, so that its plugin fails after declaring its secret variable. */
@Extension
public final class RefusingScanner implements SecretScanner {

    @Inject
    RefusingScanner() {
        throw new InvalidSettingException("plugins.secretenv.rules", "", "a rule file");
    }

    @Override
    public List<SecretFinding> scan(String field, String text) {
        throw new AssertionError("never built");
    }
}
