-- The audit trail's action and resource type, estimated together. Each event's action goes with few
-- resource types (an update of a group, a sign-in of a user); estimated apart and multiplied, the two
-- promised a sliver of the events they select, and the audit log's page for an action on a resource
-- type in a time range was planned as a read of the whole range and a sort instead of a walk of the
-- action's index that stops at the page (bench/README.md "Platform scale"). The list of their most
-- common pairs lets the planner see them together; the analyze fills it now rather than at the next
-- one autovacuum makes. CREATE STATISTICS and ANALYZE take a lock that reads and writes do not
-- conflict with. Expand only: the previous release never names it, and plans the same without it.
CREATE STATISTICS IF NOT EXISTS "audit_events_action_target" (mcv) ON "action", "target_type" FROM "audit_events";--> statement-breakpoint
ANALYZE "audit_events";
