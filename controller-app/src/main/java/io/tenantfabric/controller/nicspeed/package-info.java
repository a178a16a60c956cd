/**
 * Moving a server's GPUs between 200G and 400G NICs: the {@code NIC_SPEED} fabric operation that
 * clears, re-splits or joins the server's leaf ports, edits the fabric's breakouts and pushes the
 * lossless baseline to the new ports, keeping the GPUs out of placement until it is done.
 */
package io.tenantfabric.controller.nicspeed;
