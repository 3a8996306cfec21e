package dev.switchboard.kernel.plugin;

import java.util.List;
import java.util.Set;

import com.google.inject.Binding;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.TypeLiteral;

import dev.switchboard.ports.tool.Tool;

/**
 * The tools a plugin's module contributes: the set it binds with
 * {@code Multibinder.newSetBinder(binder(), Tool.class).addBinding().to(MyTool.class)}. The kernel reads it from each
 * plugin's injector when the plugin starts; a plugin's tests read it the same way.
 */
public final class BoundTools {

    /** The key of the tool set. */
    public static final Key<Set<Tool>> KEY = Key.get(new TypeLiteral<Set<Tool>>() {});

    private BoundTools() {}

    /**
     * @param injector a plugin's injector, or null
     * @return the tools its module binds into the tool set, in binding order; empty when it binds none
     * @throws com.google.inject.ProvisionException if a tool cannot be built (a bad setting, a missing binding)
     */
    public static List<Tool> in(Injector injector) {
        Binding<Set<Tool>> binding = injector == null ? null : injector.getExistingBinding(KEY);
        return binding == null ? List.of() : List.copyOf(binding.getProvider().get());
    }
}
