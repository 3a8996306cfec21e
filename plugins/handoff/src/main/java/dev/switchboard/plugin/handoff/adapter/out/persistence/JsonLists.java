package dev.switchboard.plugin.handoff.adapter.out.persistence;

import java.util.ArrayList;
import java.util.List;

import org.jooq.tools.json.JSONArray;
import org.jooq.tools.json.JSONParser;
import org.jooq.tools.json.ParseException;

import dev.switchboard.ports.storage.StorageException;

/** Lists of strings stored as JSON arrays (tags, targets, paths, rule ids), with the JSON support jOOQ ships. */
final class JsonLists {

    private JsonLists() {}

    static String write(List<String> items) {
        return JSONArray.toJSONString(items);
    }

    static List<String> read(String json) {
        if (json == null || json.isBlank()) {
            return List.of();
        }
        try {
            Object parsed = new JSONParser().parse(json);
            if (!(parsed instanceof List<?> list)) {
                throw new StorageException("expected a JSON array of strings in the handoff tables, found: " + json);
            }
            List<String> items = new ArrayList<>(list.size());
            list.forEach(item -> items.add(String.valueOf(item)));
            return List.copyOf(items);
        } catch (ParseException e) {
            throw new StorageException("malformed JSON list in the handoff tables: " + e.getMessage(), e);
        }
    }
}
