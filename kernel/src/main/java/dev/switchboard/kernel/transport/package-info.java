/**
 * Starting and stopping the transports {@code serve} asks for, and knowing when they have all ended; a server's
 * attach files and the drain it sends other builds' servers (ADR 32).
 */
package dev.switchboard.kernel.transport;
