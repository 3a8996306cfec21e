package dev.switchboard.ports.tool;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a tool class that the kernel lists from its descriptor and builds on its first call, for any plugin: a start
 * then pays for the descriptor only, not for the use cases and stores behind the tool. The class binds into its
 * module's tool set as any tool does ({@code Multibinder.newSetBinder(binder(), Tool.class).addBinding().to(..)})
 * and declares its descriptor as a constant, {@code public static final ToolDescriptor DESCRIPTOR}, which the built
 * tool's {@link Tool#descriptor()} must equal. Who sees it listed is {@link #listedTo()}, since its own
 * {@link Tool#listedFor} cannot be asked before it exists. The price: a tool that cannot be built (a malformed setting
 * it reads) fails its first call ({@code INTERNAL_ERROR}) instead of failing the plugin's start, so a tool whose
 * settings must fail the start is left unmarked. Inherited by subclasses.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface BuiltOnFirstCall {

    /**
     * @return the tool's audience, built by the plugin's injector; {@code ToolAudience.class} itself (the default)
     *         means {@link Tool}'s default listing: the owner and admins
     */
    Class<? extends ToolAudience> listedTo() default ToolAudience.class;
}
