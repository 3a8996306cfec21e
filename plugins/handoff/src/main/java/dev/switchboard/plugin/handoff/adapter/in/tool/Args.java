package dev.switchboard.plugin.handoff.adapter.in.tool;

import java.util.List;
import java.util.Map;

/**
 * Typed access to a tool's arguments. The kernel has validated them against the tool's schema, so types are as
 * declared; absent optional arguments read as null (or the given default).
 */
final class Args {

    private final Map<String, Object> values;

    Args(Map<String, Object> values) {
        this.values = values;
    }

    String text(String name) {
        Object value = values.get(name);
        return value == null ? null : value.toString();
    }

    List<String> texts(String name) {
        Object value = values.get(name);
        if (!(value instanceof List<?> list)) {
            return List.of();
        }
        return list.stream().map(String::valueOf).toList();
    }

    boolean flag(String name, boolean fallback) {
        Object value = values.get(name);
        return value instanceof Boolean flag ? flag : fallback;
    }

    Long number(String name) {
        Object value = values.get(name);
        return value instanceof Number number ? number.longValue() : null;
    }
}
