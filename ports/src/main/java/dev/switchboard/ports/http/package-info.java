/**
 * HTTP endpoints contributed by plugins: the {@link dev.switchboard.ports.http.HttpEndpoint} extension point, its
 * {@link dev.switchboard.ports.http.HttpRoute}, the {@link dev.switchboard.ports.http.EndpointRequest} it is handed
 * and the {@link dev.switchboard.ports.http.EndpointResponse} it answers (complete, or streamed for long polls), and
 * the {@link dev.switchboard.ports.http.HttpEndpointCatalog} an HTTP transport mounts them from. JDK types only.
 */
package dev.switchboard.ports.http;
