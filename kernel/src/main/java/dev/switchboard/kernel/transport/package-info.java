/**
 * Starting and stopping the transports {@code serve} asks for, and knowing when they have all ended.
 */
package dev.switchboard.kernel.transport;
