package dev.switchboard.kernel.testplugins.greeter;

import java.util.List;

import org.pf4j.Extension;

import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.MigrationSet;
import dev.switchboard.ports.storage.SqlDialect;

/** One migration, so tests can see the kernel apply it at start. */
@Extension
public final class GreeterMigrations implements MigrationSet {
    @Override
    public String owner() {
        return "greeter";
    }

    @Override
    public List<Migration> migrations(SqlDialect dialect) {
        return List.of(new Migration(1, "create greetings", "CREATE TABLE greeter_greeting (id INTEGER)"));
    }
}
