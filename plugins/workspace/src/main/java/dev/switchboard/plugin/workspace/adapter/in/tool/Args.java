package dev.switchboard.plugin.workspace.adapter.in.tool;

import java.util.List;
import java.util.Map;

/**
 * Typed access to a tool's arguments. The kernel has validated them against the tool's schema, so types are as
 * declared; absent optional arguments read as null.
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

    Integer integer(String name) {
        Object value = values.get(name);
        return value instanceof Number number ? number.intValue() : null;
    }

    Double decimal(String name) {
        Object value = values.get(name);
        return value instanceof Number number ? number.doubleValue() : null;
    }

    List<Map<String, Object>> objects(String name) {
        Object value = values.get(name);
        if (!(value instanceof List<?> list)) {
            return List.of();
        }
        return list.stream().map(item -> {
            @SuppressWarnings("unchecked")
            Map<String, Object> object = (Map<String, Object>) item;
            return object;
        }).toList();
    }

    Map<String, Object> all() {
        return values;
    }
}
