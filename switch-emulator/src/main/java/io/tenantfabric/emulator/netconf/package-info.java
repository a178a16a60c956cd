/** The NETCONF server side: SSH subsystem, hello, rpc dispatch, one handler per operation. */
package io.tenantfabric.emulator.netconf;
