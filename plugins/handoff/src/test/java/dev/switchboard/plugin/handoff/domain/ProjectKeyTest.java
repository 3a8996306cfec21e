package dev.switchboard.plugin.handoff.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ProjectKeyTest {

    @ParameterizedTest(name = "''{0}'' -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "Raveil|raveil",
                "RAVEIL|raveil",
                "raveil_|raveil",
                "My_Project Name|my-project-name",
                "  my project_name  |my-project-name",
                "a__b--c  d|a-b-c-d",
                "v2 API|v2-api"
            })
    void namesNormaliseToLowercaseKebabCase(String name, String key) {
        assertThat(ProjectKey.normalize(name)).contains(new ProjectKey(key));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "___", "a/b", "café", "semi;colon", "dots.are.not.keys"})
    void namesWithNothingUsableOrOtherCharactersDoNotNormalise(String name) {
        assertThat(ProjectKey.normalize(name)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"Raveil", "raveil_", "-raveil", "ra--veil"})
    void legacyStoredKeysAreNotCanonical(String stored) {
        assertThat(ProjectKey.isCanonical(stored)).isFalse();
        assertThatThrownBy(() -> new ProjectKey(stored)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(ints = {64, 65})
    void keysAreAtMostSixtyFourCharacters(int length) {
        assertThat(ProjectKey.normalize("a".repeat(length)).isPresent()).isEqualTo(length <= 64);
    }
}
