package dev.switchboard.plugin.storage.postgres.sample;

import com.google.inject.AbstractModule;

/** A feature plugin of the tests, with a schema and two tools: it proves the test bed runs plugins on PostgreSQL. */
public final class NotesModule extends AbstractModule {

    @Override
    protected void configure() {}
}
