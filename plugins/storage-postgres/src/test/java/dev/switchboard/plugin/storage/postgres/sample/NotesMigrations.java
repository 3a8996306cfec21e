package dev.switchboard.plugin.storage.postgres.sample;

import java.util.List;

import org.pf4j.Extension;

import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.MigrationSet;
import dev.switchboard.ports.storage.SqlDialect;

/** The notes table; PostgreSQL's version uses an identity column and a dollar-quoted function, SQLite's neither. */
@Extension
public final class NotesMigrations implements MigrationSet {

    @Override
    public String owner() {
        return "notes";
    }

    @Override
    public List<Migration> migrations(SqlDialect dialect) {
        if (dialect != SqlDialect.POSTGRES) {
            throw new UnsupportedOperationException("the notes sample has no schema for " + dialect);
        }
        return List.of(new Migration(1, "create notes", """
                CREATE TABLE notes_note(id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, body TEXT NOT NULL);
                -- a body with semicolons, which a naive splitter would cut
                CREATE FUNCTION notes_shout(t TEXT) RETURNS TEXT LANGUAGE plpgsql AS $$
                BEGIN
                    RETURN upper(t) || '!';
                END;
                $$;
                """));
    }
}
