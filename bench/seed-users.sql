-- 100,000 users in the demo tenant (the server must be stopped); bench/seed-users.ts runs the same on PGlite.
insert into users (tenant_id, email, first_name, last_name, status, updated_at)
select t.id, 'user' || g || '@bench.example.com', 'First' || g, 'Last' || g, 'Confirmed',
       now() - make_interval(secs => g)
from tenants t, generate_series(1, 100000) g
where t.name = 'demo';
-- As autovacuum (PostgreSQL) or the scheduled VACUUM ANALYZE (PGlite) leaves a table in use.
vacuum analyze users;
