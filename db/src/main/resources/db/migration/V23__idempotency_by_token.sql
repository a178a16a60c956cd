-- Idempotency-Key on every mutating call of a portal (tenant create and delete, allocation create
-- and release). A record is now keyed by the caller's token, the operation and the key: only the
-- token that made a request has its answer replayed, and a tenant's creation, which has no tenant
-- before it, can be keyed at all. tenant_id stays, the tenant the answer concerns (for a creation,
-- the tenant it made), so that a tenant's records go with it when it is deleted. Forward-only.
--
-- Rows of the earlier release were keyed by (tenant_id, scope 'allocations:<role>', key) and have
-- no token. They stay, unique as before, for instances of that release still running during an
-- upgrade, which keep reading and writing them; this release never reads them, and they expire
-- after fabric.idempotency.ttl. Once no such instance runs, a later migration can make token_id
-- NOT NULL and (token_id, scope, idempotency_key) the primary key.
ALTER TABLE idempotency_records
    ADD COLUMN token_id uuid REFERENCES api_tokens (id),
    DROP CONSTRAINT idempotency_records_pkey;

-- this release's key: one answer per token, operation and key, whatever the tenant
ALTER TABLE idempotency_records
    ADD CONSTRAINT idempotency_records_by_token UNIQUE (token_id, scope, idempotency_key);

-- the earlier release's key, for its rows only (this release's rows of one tenant, scope and key
-- may be two tokens')
CREATE UNIQUE INDEX idempotency_records_by_role
    ON idempotency_records (tenant_id, scope, idempotency_key) WHERE token_id IS NULL;

-- deleting a tenant deletes its records, found by tenant id (the primary key led with it)
CREATE INDEX idempotency_records_by_tenant ON idempotency_records (tenant_id);
