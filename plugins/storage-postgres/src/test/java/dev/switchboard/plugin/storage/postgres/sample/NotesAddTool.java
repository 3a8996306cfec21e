package dev.switchboard.plugin.storage.postgres.sample;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code notes_add}: stores {@code text} shouted by the migration's function, answers the body and the count. */
public final class NotesAddTool implements Tool {

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder("notes_add")
            .title("Add a note")
            .description("Stores a note.")
            .inputSchema("""
                    {"type": "object", "properties": {"text": {"type": "string"}},
                     "required": ["text"], "additionalProperties": false}""")
            .build();

    private final SqlStorage storage;

    /** @param storage the server's storage */
    @Inject
    public NotesAddTool(SqlStorage storage) {
        this.storage = storage;
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        String text = call.args().text("text");
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
}
