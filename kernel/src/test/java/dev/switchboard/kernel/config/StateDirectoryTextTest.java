package dev.switchboard.kernel.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StateDirectoryTextTest {

    @TempDir
    Path dir;

    @Test
    void theConfiguredAndTheRealSpellingOfTheStateDirectoryAreBothHidden() throws Exception {
        Path real = Files.createDirectory(dir.resolve("real-state"));
        Path link = Files.createSymbolicLink(dir.resolve("state"), real);
        StateDirectoryText text = new StateDirectoryText(link);

        assertThat(text.hide("cannot open " + link + "/switchboard.db: read-only"))
                .isEqualTo("cannot open <state-dir>/switchboard.db: read-only");
        assertThat(text.hide("cannot open " + real.toRealPath() + "/switchboard.db"))
                .isEqualTo("cannot open <state-dir>/switchboard.db");
        assertThat(text.hide("/srv/other/file")).isEqualTo("/srv/other/file");
        assertThat(text.hide(null)).isNull();
    }

    @Test
    void aStateDirectoryThatDoesNotExistYetIsHiddenAsConfigured() {
        Path missing = dir.resolve("later");

        assertThat(new StateDirectoryText(missing).hide(missing + "/owner.token"))
                .isEqualTo("<state-dir>/owner.token");
    }
}
