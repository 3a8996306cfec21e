package dev.switchboard.plugin.mailbox.hook.adapter.in.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.json.JsonMapper;

/** The hooks' streaming JSON reader and one-line writer (jackson-core, no data-binding mapper). */
class HookInputTest {

    private static HookInput read(String input) {
        return HookInput.read(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void topLevelStringsAndBooleansAreKeptAndNestedValuesAreSkipped() {
        HookInput input = read("{\"session_id\":\"s-\u00e9\u6f22\ud83d\ude00\",\"nested\":{\"stop_hook_active\":true},"
                + "\"list\":[1,{\"a\":[]}],\"n\":12345678901234567890,\"stop_hook_active\":true}");

        assertThat(input.problem()).isEmpty();
        assertThat(input.text("session_id")).contains("s-\u00e9\u6f22\ud83d\ude00");
        assertThat(input.flag("stop_hook_active")).isTrue();
        assertThat(input.flag("nested")).isFalse();
        assertThat(input.text("n")).isEmpty();
    }

    @Test
    void onlyTheJsonLiteralTrueIsAFlagAndARepeatedMemberKeepsItsLastValue() {
        assertThat(read("{\"stop_hook_active\":\"true\"}").flag("stop_hook_active"))
                .isFalse();
        assertThat(read("{\"stop_hook_active\":1}").flag("stop_hook_active")).isFalse();
        assertThat(read("{\"stop_hook_active\":true,\"stop_hook_active\":false}")
                        .flag("stop_hook_active"))
                .isFalse();
        assertThat(read("{\"session_id\":\"a\",\"session_id\":{}}").text("session_id"))
                .isEmpty();
        assertThat(read("{\"session_id\":\"  \"}").text("session_id")).isEmpty();
    }

    @Test
    void malformedTruncatedOrTrailingInputIsNotJson() {
        assertThat(read("{\"stop_hook_active\":tru").problem()).contains("the hook input is not JSON");
        assertThat(read("{\"a\":1} x").problem()).contains("the hook input is not JSON");
        assertThat(read("{} {}").problem()).contains("the hook input is not JSON");
        assertThat(read("[1, 2").problem()).contains("the hook input is not JSON");
        String huge = "{\"stop_hook_active\":true,\"pad\":\"" + "x".repeat(HookInput.MAX_INPUT) + "\"}";
        HookInput cut = read(huge);
        assertThat(cut.problem()).contains("the hook input is not JSON");
        assertThat(cut.flag("stop_hook_active")).isFalse();
    }

    @Test
    void aValueThatIsNotAnObjectIsNamedSoAndEmptyInputIsNoProblem() {
        for (String value : new String[] {"[1,2]", "\"text\"", "42", "true", "null"}) {
            HookInput input = read(value);
            assertThat(input.problem()).as(value).contains("the hook input is not a JSON object");
            assertThat(input.flag("stop_hook_active")).isFalse();
        }
        assertThat(read(" \n").problem()).isEmpty();
    }

    @Test
    void anUnreadableInputIsAProblemNamingTheCause() {
        InputStream broken = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("pipe closed");
            }
        };

        assertThat(HookInput.read(broken).problem()).contains("cannot read the hook input: pipe closed");
    }

    @Test
    void theOneLineAnswerIsByteIdenticalToTheDataBindingMappersOutput() {
        Map<String, String> decision = new LinkedHashMap<>();
        decision.put("decision", "block");
        decision.put(
                "reason", "r\u00e9le \u6f22 \ud83d\ude00 \"quoted\" back\\slash tab\t nl\n ctl\u0001 del\u007f \u2028");

        String line = HookInput.line(decision);

        assertThat(line).isEqualTo(JsonMapper.builder().build().writeValueAsString(decision));
        assertThat(line).startsWith("{\"decision\":\"block\",\"reason\":").doesNotContain("\n");
        assertThat(read(line).text("reason")).contains(decision.get("reason"));
    }
}
