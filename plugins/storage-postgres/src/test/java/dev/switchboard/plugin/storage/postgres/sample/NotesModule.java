package dev.switchboard.plugin.storage.postgres.sample;

import com.google.inject.AbstractModule;
import com.google.inject.multibindings.Multibinder;

import dev.switchboard.ports.tool.Tool;

/** A feature plugin of the tests, with a schema and a tool: it proves the test bed runs plugins on PostgreSQL. */
public final class NotesModule extends AbstractModule {

    @Override
    protected void configure() {
        Multibinder.newSetBinder(binder(), Tool.class).addBinding().to(NotesAddTool.class);
    }
}
