/**
 * Boot: the kernel's Guice module and the {@link dev.switchboard.kernel.boot.Kernel} that wires the injector, the
 * plugin host, the core tools and the transports, and shuts them down in reverse order.
 */
package dev.switchboard.kernel.boot;
