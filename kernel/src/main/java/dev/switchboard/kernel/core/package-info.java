/** Tools the kernel itself offers, whatever plugins are installed: {@code server_info}. */
package dev.switchboard.kernel.core;
