package dev.switchboard.plugin.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.inject.AbstractModule;
import com.google.inject.Binding;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Scopes;
import com.google.inject.spi.Element;
import com.google.inject.spi.Elements;

import dev.switchboard.ports.plugin.PluginContext;

class SqliteStorageModuleTest {

    @Test
    void bindsTheProviderAsSingleton() {
        List<Element> elements = Elements.getElements(new SqliteStorageModule());

        assertThat(elements).singleElement().isInstanceOfSatisfying(Binding.class, binding -> {
            assertThat(binding.getKey().getTypeLiteral().getRawType()).isEqualTo(SqliteStorageProvider.class);
            assertThat(Scopes.isSingleton(binding)).isTrue();
        });
    }

    @Test
    void createsTheProviderInAChildInjectorWithoutTouchingTheDisk(@TempDir Path stateDir) {
        Injector parent = Guice.createInjector(new AbstractModule() {
            @Override
            protected void configure() {
                bind(PluginContext.class).toInstance(new PluginContext("storage-sqlite", Map.of(), stateDir));
            }
        });
        Injector child = parent.createChildInjector(new SqliteStorageModule());

        SqliteStorageProvider provider = child.getInstance(SqliteStorageProvider.class);

        assertThat(child.getInstance(SqliteStorageProvider.class)).isSameAs(provider);
        assertThat(provider.backend()).isEqualTo("sqlite");
        assertThat(stateDir).isEmptyDirectory();
    }
}
