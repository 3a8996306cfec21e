/**
 * Plugin hosting: the PF4J plugin manager (with host-first loading of shared APIs), one Guice injector per
 * plugin (given the kernel's port services), the Guice-backed extension factory, and the start-up order (storage, then features, then transports) with
 * failure isolation: a plugin that fails to load or start is marked failed and the server keeps serving.
 */
package dev.switchboard.kernel.plugin;
