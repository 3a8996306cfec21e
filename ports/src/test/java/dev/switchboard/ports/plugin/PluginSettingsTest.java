package dev.switchboard.ports.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

class PluginSettingsTest {

    private static PluginSettings settings(Map<String, Object> tree) {
        return new PluginContext("demo", tree, Path.of("/state")).settings();
    }

    @Test
    void absentKeysGiveTheFallbacks() {
        PluginSettings empty = settings(Map.of());

        assertThat(empty.number("limit", 7, 1, 10)).isEqualTo(7);
        assertThat(empty.integer("limit", 3, 1, 10)).isEqualTo(3);
        assertThat(empty.flag("on", true)).isTrue();
        assertThat(empty.text("host", "127.0.0.1")).isEqualTo("127.0.0.1");
        assertThat(empty.list("hosts", List.of("localhost"))).containsExactly("localhost");
        assertThat(empty.raw("receipts.max-count")).isEmpty();
    }

    @Test
    void numbersAndFlagsArriveAsYamlScalarsOrAsTextFromTheEnvironment() {
        PluginSettings yaml = settings(Map.of("limit", 9, "on", false));
        PluginSettings environment = settings(Map.of("limit", " 9 ", "on", "TRUE"));

        assertThat(yaml.number("limit", 1, 1, 10)).isEqualTo(9);
        assertThat(environment.number("limit", 1, 1, 10)).isEqualTo(9);
        assertThat(yaml.flag("on", true)).isFalse();
        assertThat(environment.flag("on", false)).isTrue();
    }

    @Test
    void dottedKeysReachNestedValues() {
        PluginSettings nested = settings(Map.of("receipts", Map.of("max-count", "250")));

        assertThat(nested.number("receipts.max-count", 1, 1, 1000)).isEqualTo(250);
        assertThat(settings(Map.of()).raw("receipts.max-count")).isEmpty();
    }

    @Test
    void aValueWhereKeysBelowItAreExpectedIsRefusedRatherThanIgnored() {
        assertThatThrownBy(() -> settings(Map.of("receipts", 5)).number("receipts.max-count", 1, 1, 10))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessage("invalid setting plugins.demo.receipts = '5': expected keys below it, such as max-count");
    }

    @Test
    void aListOrMappingWhereASingleValueBelongsIsRefusedNeverReadAsItsText() {
        PluginSettings settings =
                settings(Map.of("path", List.of("a", "b"), "role", Map.of("x", "1"), "on", List.of()));

        assertThatThrownBy(() -> settings.text("path", ""))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("plugins.demo.path")
                .hasMessageContaining("a single value, not a list");
        assertThatThrownBy(() -> settings.text("role", ""))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("plugins.demo.role")
                .hasMessageContaining("a single value, with no keys below it");
        assertThatThrownBy(() -> settings.flag("on", false)).isInstanceOf(InvalidSettingException.class);
        assertThatThrownBy(() -> settings.number("role", 1, 0, 9)).isInstanceOf(InvalidSettingException.class);
        assertThatThrownBy(() ->
                        settings(Map.of("hosts", List.of(Map.of("a", 1)))).list("hosts", List.of()))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("plugins.demo.hosts");
    }

    @Test
    void listsArriveAsYamlListsOrCommaSeparatedTextWithoutBlankEntries() {
        assertThat(settings(Map.of("hosts", List.of(" a ", "b"))).list("hosts", List.of()))
                .containsExactly("a", "b");
        assertThat(settings(Map.of("hosts", "a, b,, c")).list("hosts", List.of()))
                .containsExactly("a", "b", "c");
        assertThat(settings(Map.of("hosts", " ")).list("hosts", List.of("x"))).isEmpty();
    }

    @Test
    void aNumberOutOfRangeOrNotWholeIsRefusedNamingTheFullKeyValueAndShape() {
        assertThatThrownBy(() -> settings(Map.of("limit", "11")).number("limit", 1, 1, 10))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessage("invalid setting plugins.demo.limit = '11': expected a whole number from 1 to 10");
        assertThatThrownBy(() ->
                        settings(Map.of("receipts", Map.of("max-count", "1.5"))).number("receipts.max-count", 1, 1, 10))
                .isInstanceOfSatisfying(InvalidSettingException.class, e -> {
                    assertThat(e.key()).isEqualTo("plugins.demo.receipts.max-count");
                    assertThat(e.value()).isEqualTo("1.5");
                    assertThat(e.expected()).isEqualTo("a whole number from 1 to 10");
                });
    }

    @Test
    void aFlagOtherThanTrueOrFalseIsRefused() {
        assertThatThrownBy(() -> settings(Map.of("on", "yes")).flag("on", false))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessage("invalid setting plugins.demo.on = 'yes': expected true or false");
    }

    @Test
    void aPluginsOwnCheckNamesTheFullKeyToo() {
        assertThat(settings(Map.of()).invalid("path", "~", "a file path").getMessage())
                .isEqualTo("invalid setting plugins.demo.path = '~': expected a file path");
    }

    @Test
    void knownKeysPassAndAMisspeltOneIsRefusedNamingTheKnownOnes() {
        Set<String> known = Set.of("limit", "receipts.max-count", "receipts.max-age-days");
        settings(Map.of("limit", 3, "receipts", Map.of("max-count", 9))).requireKnownKeys(known);
        settings(Map.of()).requireKnownKeys(known);

        assertThatThrownBy(() -> settings(Map.of("limt", 3)).requireKnownKeys(known))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessage("invalid setting plugins.demo.limt = '3': expected a key this plugin reads: limit,"
                        + " receipts.max-age-days, receipts.max-count");
        assertThatThrownBy(() ->
                        settings(Map.of("receipts", Map.of("max-cont", 9))).requireKnownKeys(known))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("plugins.demo.receipts.max-cont");
        assertThatThrownBy(() -> settings(Map.of("receipts", 5)).requireKnownKeys(known))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("expected keys below it, such as max-age-days");
    }
}
