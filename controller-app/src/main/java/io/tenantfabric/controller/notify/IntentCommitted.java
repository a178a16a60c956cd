package io.tenantfabric.controller.notify;

/**
 * Published inside an allocation's or a release's transaction whose intent change notified the
 * provisioners (its {@code IntentGenerations.Advanced} says so): once it commits, the provisioner
 * of this instance is woken at once, and knows the notification that follows by its transaction id.
 *
 * @param notice the id of the transaction, as its notification carries it
 * @param changes the number of allocations it recorded
 */
public record IntentCommitted(long notice, int changes) {}
