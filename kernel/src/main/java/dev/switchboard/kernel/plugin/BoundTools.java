package dev.switchboard.kernel.plugin;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

import com.google.inject.Binding;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import com.google.inject.multibindings.MapBinderBinding;
import com.google.inject.multibindings.MultibinderBinding;
import com.google.inject.multibindings.MultibindingsTargetVisitor;
import com.google.inject.multibindings.OptionalBinderBinding;
import com.google.inject.spi.DefaultBindingTargetVisitor;
import com.google.inject.spi.LinkedKeyBinding;

import dev.switchboard.ports.tool.BuiltOnFirstCall;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAudience;
import dev.switchboard.ports.tool.ToolDescriptor;

/**
 * The tools a plugin's module contributes: the set it binds with
 * {@code Multibinder.newSetBinder(binder(), Tool.class).addBinding().to(MyTool.class)}. The kernel reads it from each
 * plugin's injector when the plugin starts; a plugin's tests read it the same way. A tool class marked
 * {@link BuiltOnFirstCall} is listed from its {@code DESCRIPTOR} constant and built on its first call; every other
 * tool is built here.
 */
public final class BoundTools {

    /** The key of the tool set. */
    public static final Key<Set<Tool>> KEY = Key.get(new TypeLiteral<Set<Tool>>() {});

    private BoundTools() {}

    /**
     * @param injector a plugin's injector, or null
     * @return the tools its module binds into the tool set, in binding order; empty when it binds none
     * @throws com.google.inject.ProvisionException if a tool cannot be built (a bad setting, a missing binding)
     * @throws IllegalStateException                if a {@link BuiltOnFirstCall} tool class has no public static
     *                                              {@code ToolDescriptor DESCRIPTOR}
     */
    public static List<Tool> in(Injector injector) {
        Binding<Set<Tool>> binding = injector == null ? null : injector.getExistingBinding(KEY);
        if (binding == null) {
            return List.of();
        }
        Collection<Binding<?>> elements = binding.acceptTargetVisitor(new ElementsVisitor());
        if (elements == null) {
            return List.copyOf(binding.getProvider().get());
        }
        List<Tool> tools = new ArrayList<>();
        for (Binding<?> element : elements) {
            tools.add(tool(injector, element));
        }
        return List.copyOf(tools);
    }

    private static Tool tool(Injector injector, Binding<?> element) {
        if (element instanceof LinkedKeyBinding<?> linked) {
            Key<?> target = linked.getLinkedKey();
            Class<?> type = target.getTypeLiteral().getRawType();
            BuiltOnFirstCall mark = type.getAnnotation(BuiltOnFirstCall.class);
            if (mark != null) {
                Class<? extends ToolAudience> audience = mark.listedTo();
                return new FirstCallTool(
                        descriptor(type),
                        audience == ToolAudience.class ? null : () -> injector.getInstance(audience),
                        () -> (Tool) injector.getInstance(target));
            }
        }
        return (Tool) element.getProvider().get();
    }

    private static ToolDescriptor descriptor(Class<?> type) {
        try {
            Field field = type.getField("DESCRIPTOR");
            if (Modifier.isStatic(field.getModifiers()) && field.get(null) instanceof ToolDescriptor descriptor) {
                return descriptor;
            }
        } catch (NoSuchFieldException | IllegalAccessException e) {
            // reported below, as a field of the wrong kind is
        }
        throw new IllegalStateException("tool " + type.getName() + " is marked @BuiltOnFirstCall but has no public"
                + " static ToolDescriptor DESCRIPTOR to list it by before it is built");
    }

    /**
     * The set's element bindings, in binding order, read without building any element; null when the set is not a
     * {@code Multibinder}'s (a plugin's own {@code @Provides Set<Tool>}), whose tools are then built as a whole.
     */
    private static final class ElementsVisitor extends DefaultBindingTargetVisitor<Set<Tool>, Collection<Binding<?>>>
            implements MultibindingsTargetVisitor<Set<Tool>, Collection<Binding<?>>> {

        @Override
        public Collection<Binding<?>> visit(MultibinderBinding<? extends Set<Tool>> multibinding) {
            return multibinding.getElements();
        }

        @Override
        public Collection<Binding<?>> visit(MapBinderBinding<? extends Set<Tool>> mapbinding) {
            return null;
        }

        @Override
        public Collection<Binding<?>> visit(OptionalBinderBinding<? extends Set<Tool>> optionalbinding) {
            return null;
        }

        @Override
        protected Collection<Binding<?>> visitOther(Binding<? extends Set<Tool>> binding) {
            return null;
        }
    }
}
