/**
 * The fabric's own life, judged from what a switch reports about itself: its identity, whether its
 * day-0 configuration (the installer's) is there, and whether every cable is where the plan puts it
 * (LLDP). Pure: the driver reads the facts, the controller stores the verdicts.
 */
package io.tenantfabric.model.lifecycle;
