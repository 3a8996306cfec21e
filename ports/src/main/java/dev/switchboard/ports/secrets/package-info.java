/** Secret scanning: find credentials in text before it is stored or shared, without ever echoing them. */
package dev.switchboard.ports.secrets;
