-- The platform-scale data set (bench/scale-run.sh), everything but the audit trail
-- (bench/scale-audit.mjs): 1,999 tenants beside the demo tenant, users (the demo tenant :demo_users,
-- the others :tenant_users each), 25 Salesforce connections and 10 storages a tenant with a day of
-- hourly checks each, and :deliveries webhook deliveries over the last week (what the housekeeping keeps
-- of delivered ones: the data set is a platform at its steady state).
--
-- Rows are written as a platform would have them, not through the API: with session_replication_role
-- = replica, so that no trigger (change signals, counters) and no foreign-key check runs a row at a
-- time; what the triggers keep (user_counts) is computed once at the end. Ids are made of the md5 of a
-- name (scale_uuid), so that the audit generator names the same tenants and users without reading them.
-- The schedulers find nothing due (next checks in 30 days), and the deliveries have all ended: a
-- server started on the data set does no background work unless a bench asks for it.
\set ON_ERROR_STOP on
set session_replication_role = replica;
set maintenance_work_mem = '512MB';

-- A version 4 uuid made of the md5 of a text, as bench/scale-audit.mjs's md5Uuid makes it.
create function pg_temp.scale_uuid(text) returns uuid language sql immutable
  as $$ select overlay(overlay(md5($1) placing '4' from 13) placing '8' from 17)::uuid $$;

\echo tenants
insert into tenants (id, name, services, created_at, updated_at)
select pg_temp.scale_uuid('scale-tenant-' || n), 'scale-' || lpad(n::text, 4, '0'), '{Dbr,Devops}',
       now() - interval '400 days', now() - interval '400 days'
from generate_series(1, :tenants - 1) n;

-- The tenants the data set fills, numbered: 0 is the demo tenant (the one with the most of all).
create temporary table scale_tenants as
select 0 as n, id from tenants where name = 'demo'
union all
select n, pg_temp.scale_uuid('scale-tenant-' || n) from generate_series(1, :tenants - 1) n;

\echo users
insert into users (tenant_id, id, email, first_name, last_name, status, created_at, updated_at, email_verified_at)
select t.id, pg_temp.scale_uuid(t.id::text || ':' || g), 'user' || g || '@t' || t.n || '.example.com',
       'First' || g, 'Last' || g, 'Confirmed',
       now() - make_interval(secs => g * 60), now() - make_interval(secs => g * 60), now() - make_interval(secs => g * 60)
from scale_tenants t, generate_series(1, case when t.n = 0 then :demo_users else :tenant_users end) g
where g <= case when t.n = 0 then :demo_users else :tenant_users end;
delete from user_counts;
insert into user_counts (tenant_id, users) select tenant_id, count(*) from users group by tenant_id;

\echo storages
insert into storages (id, tenant_id, name, type, created_at, updated_at, health_status, checked_at,
                      last_success_at, health_changed_at, next_check_at)
select pg_temp.scale_uuid('storage:' || t.n || ':' || s), t.id, 'Storage ' || s, 'AwsS3',
       now() - interval '200 days', now() - interval '200 days', 'Healthy', now() - interval '10 minutes',
       now() - interval '10 minutes', now() - interval '200 days', now() + interval '30 days'
from scale_tenants t, generate_series(1, :storages_per_tenant) s;

\echo connections
insert into connections (tenant_id, id, name, organization_type, status, instance_url, org_id,
                         salesforce_username, salesforce_user_id, connected_at, created_at, updated_at,
                         health_status, checked_at, health_changed_at, next_check_at, api_used, api_max,
                         api_version, is_sandbox, observed_org_id)
select t.id, pg_temp.scale_uuid('connection:' || t.n || ':' || c), 'Connection ' || c,
       case when c % 5 = 0 then 'Sandbox' else 'Production' end, 'connected',
       'https://org' || t.n || '-' || c || '.my.salesforce.com', '00D' || lpad((t.n * 100 + c)::text, 12, '0'),
       'integration' || c || '@t' || t.n || '.example.com', '005' || lpad((t.n * 100 + c)::text, 12, '0'),
       now() - interval '200 days', now() - interval '200 days', now() - interval '200 days',
       'Healthy', now() - interval '10 minutes', now() - interval '200 days', now() + interval '30 days',
       1200, 100000, '62.0', c % 5 = 0, '00D' || lpad((t.n * 100 + c)::text, 12, '0')
from scale_tenants t, generate_series(1, :connections_per_tenant) c;

\echo connection checks
insert into connection_checks (tenant_id, connection_id, checked_at, trigger, status, api_used, api_max,
                               org_id, instance_url, is_sandbox, api_version, duration_ms)
select c.tenant_id, c.id, now() - make_interval(hours => h), 'schedule',
       case when h = 17 then 'Degraded' else 'Healthy' end, 1200 + h, 100000, c.org_id, c.instance_url,
       c.is_sandbox, '62.0', 40 + h
from connections c, generate_series(1, :checks_per_target) h;

\echo storage checks
insert into storage_checks (tenant_id, storage_id, checked_at, trigger, status, duration_ms)
select s.tenant_id, s.id, now() - make_interval(hours => h), 'schedule', 'Healthy', 30 + h
from storages s, generate_series(1, :checks_per_target) h
where s.tenant_id is not null;

\echo webhook endpoints and deliveries
insert into webhook_endpoints (tenant_id, id, url, description, events, secret, created_at, updated_at)
select t.id, pg_temp.scale_uuid('endpoint:' || t.n), 'https://hooks.t' || t.n || '.example.com/skyvault', 'SIEM',
       '{user.created,user.updated}', 'not-a-real-secret', now() - interval '200 days', now() - interval '200 days'
from scale_tenants t;
insert into webhook_deliveries (tenant_id, endpoint_id, event_id, event_type, payload, status, attempts,
                                next_attempt_at, last_attempt_at, response_status, duration_ms, created_at,
                                delivered_at)
select t.id, pg_temp.scale_uuid('endpoint:' || t.n), 'evt_' || t.n || '_' || d, 'user.updated',
       jsonb_build_object('user', jsonb_build_object('id', pg_temp.scale_uuid(t.id::text || ':' || (d % 400 + 1)))),
       case when d % 50 = 0 then 'failed' else 'delivered' end, case when d % 50 = 0 then 8 else 1 end,
       at, at, case when d % 50 = 0 then 503 else 204 end, 35,
       at, case when d % 50 = 0 then null else at end
from scale_tenants t,
     lateral (select d, now() - make_interval(secs => d * (590000.0 / (:deliveries / :tenants))) as at
              from generate_series(1, :deliveries / :tenants) d) x;

set session_replication_role = origin;
vacuum analyze tenants, users, user_counts, storages, connections, connection_checks, storage_checks,
  webhook_endpoints, webhook_deliveries;
