package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import dev.switchboard.ports.storage.Migration;

/** A small schema of an owner {@code notes}, shared by the migration tests. */
final class NotesMigrations {

    static final String OWNER = "notes";

    static final Migration NOTES = new Migration(1, "create notes", """
            -- the notes themselves
            CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT NOT NULL);
            INSERT INTO notes(body) VALUES ('first; with a semicolon');
            """);
    static final Migration TAGS = new Migration(
            2, "create tags", "CREATE TABLE tags(note_id INTEGER NOT NULL REFERENCES notes(id), tag TEXT NOT NULL);");
    static final Migration INDEX = new Migration(3, "index tags", "CREATE INDEX tags_by_tag ON tags(tag);");

    private NotesMigrations() {}
}
