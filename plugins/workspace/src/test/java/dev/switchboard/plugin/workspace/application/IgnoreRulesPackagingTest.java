package dev.switchboard.plugin.workspace.application;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.eclipse.jgit.ignore.IgnoreNode;
import org.eclipse.jgit.internal.JGitText;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The ignore matcher ships inside the plugin's own classes, unsigned, so no jar signature is verified at first use. */
class IgnoreRulesPackagingTest {

    @Test
    @DisplayName("JGit's ignore classes load unsigned from the plugin's own classes, with their messages")
    void theIgnoreMatcherLoadsUnsignedFromThePluginsClasses() throws Exception {
        Path own = Path.of(IgnoreRules.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());

        assertThat(Path.of(IgnoreNode.class
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .toURI()))
                .isEqualTo(own);
        assertThat(IgnoreNode.class.getSigners()).isNull();
        assertThat(JGitText.get().badIgnorePatternFull).isNotBlank();
    }
}
