package dev.switchboard.plugin.storage.postgres.sample;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolProvider;
import dev.switchboard.ports.tool.ToolResult;

/** {@code notes_add}: stores {@code text} shouted by the migration's function, answers the body and the count. */
@Extension
public final class NotesTools implements ToolProvider {

    private final SqlStorage storage;

    /** @param storage the server's storage */
    @Inject
    public NotesTools(SqlStorage storage) {
        this.storage = storage;
    }

    @Override
    public List<Tool> tools() {
        return List.of(new Tool() {
            @Override
            public ToolDescriptor descriptor() {
                return new ToolDescriptor("notes_add", "Add a note", "Stores a note.", """
                        {"type": "object", "properties": {"text": {"type": "string"}},
                         "required": ["text"], "additionalProperties": false}""", null, ToolAnnotations.NONE);
            }

            @Override
            public ToolResult call(ToolCall call) {
                String text = (String) call.arguments().get("text");
                return storage.transaction(c -> {
                    String body;
                    try (PreparedStatement insert =
                            c.prepareStatement("INSERT INTO notes_note(body) VALUES (notes_shout(?)) RETURNING body")) {
                        insert.setString(1, text);
                        try (ResultSet rows = insert.executeQuery()) {
                            rows.next();
                            body = rows.getString(1);
                        }
                    }
                    try (PreparedStatement count = c.prepareStatement("SELECT count(*) FROM notes_note");
                            ResultSet rows = count.executeQuery()) {
                        rows.next();
                        return ToolResult.structured(body, Map.of("body", body, "count", rows.getLong(1)));
                    }
                });
            }
        });
    }
}
