package dev.switchboard.plugin.archfixture.alpha.adapter.in.tool;

/** Breaks {@code classes_named_tool_implement_the_tool_port}: a helper named like a tool. */
final class AlphaSchemaTool {

    String schema() {
        return "{}";
    }
}
