/**
 * Change signals for plugins: {@link dev.switchboard.kernel.signal.SignalFanout}, the kernel's
 * {@link dev.switchboard.ports.signal.ChangeSignals} on the open storage's relay.
 */
package dev.switchboard.kernel.signal;
