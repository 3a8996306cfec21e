package dev.switchboard.plugin.mailbox.cleanup.adapter.in.tool;

import java.util.List;

import dev.switchboard.ports.tool.Arguments;

/**
 * Arguments that are one value or a list of them ({@code key}, {@code word_message_id}) and lists of ids, after the
 * input schema checked their types. Stateless.
 */
final class ArgumentLists {

    private ArgumentLists() {}

    /** @return the ids of an array-of-integers argument, or an empty list when absent */
    static List<Long> ids(Arguments args, String name) {
        Object value = args.values().get(name);
        if (value == null) {
            return List.of();
        }
        List<?> list = value instanceof List<?> many ? many : List.of(value);
        return list.stream()
                .map(item -> Arguments.exactLong((Number) item).orElseThrow())
                .toList();
    }

    /** @return the strings of a string-or-array argument, or an empty list when absent */
    static List<String> texts(Arguments args, String name) {
        Object value = args.values().get(name);
        if (value == null) {
            return List.of();
        }
        return value instanceof List<?> many
                ? many.stream().map(String::valueOf).toList()
                : List.of(String.valueOf(value));
    }
}
