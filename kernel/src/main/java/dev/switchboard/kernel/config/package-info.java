/**
 * Configuration: one YAML file plus environment overrides, read once at start-up into immutable records. The keys and
 * their defaults are documented in {@code docs/configuration.md}.
 */
package dev.switchboard.kernel.config;
