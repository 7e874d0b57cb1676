-- :events audit events in the demo tenant (the server must be stopped), made with generate_series
-- through the trail's own triggers (its hash chain and the sign-in rollup of migration 0044): half of
-- them sign-ins (one in five refused), from 500 addresses (50 with failures), by 2,000 users; the rest other changes.
-- Every event gets the database's time (the chain trigger's), so all of them fall in the 24-hour window:
-- the overview's worst case.
--
-- In batches of :batch events, each its own transaction (psql's \gexec runs each row it is given as a
-- statement, committed on its own): the chain trigger updates the tenant's one head row for every
-- event, and within one transaction every update leaves a version the next must step over, so one
-- statement of a million events slows down as it goes (about 110 events/s near its end).
insert into users (tenant_id, email, first_name, last_name, status)
select t.id, 'signer' || g || '@bench.example.com', 'First' || g, 'Last' || g, 'Confirmed'
from tenants t, generate_series(1, 2000) g
where t.name = 'demo';

-- The signers' ids once, picked by position: a look-up a row would scan users (its address index is on lower(email)).
create unlogged table bench_signers as
select array_agg(u.id order by u.email) as ids
from users u join tenants t on t.id = u.tenant_id
where t.name = 'demo' and u.email like 'signer%';

select format($batch$
insert into audit_events (tenant_id, actor_id, action, outcome, method, target_type, target_id, ip, changes)
select t.id, s.ids[1 + g %% 2000],
       case when g %% 2 = 1 then 'update' when g %% 10 = 0 then 'failed-sign-in' else 'sign-in' end,
       case when g %% 10 = 0 then 'failure' else 'success' end,
       case when g %% 2 = 1 then null else (array['password', 'email-code', 'passkey', 'sso', 'oauth'])[1 + g %% 5] end,
       'user', s.ids[1 + g %% 2000]::text, '198.51.' || (g %% 20) || '.' || (g %% 250), '{}'::jsonb
from tenants t, bench_signers s, generate_series(%s, %s) g
where t.name = 'demo'$batch$, first, least(first + :batch - 1, :events))
from generate_series(1, :events, :batch) first
\gexec

drop table bench_signers;
vacuum analyze audit_events;
vacuum analyze sign_in_rollups;
