-- Staff names (issue 19). The name itself is the `staff_name` custom claim of the account, set by
-- `npm run admin` (the role's neighbour); the server reads it with the role. `staff.name` is the
-- server's copy, written when a staff member's app asks GET /role, so that the uids the audit
-- tables hold can be read as names. The audit events also keep the name as it was when they
-- happened (the access log already does, in actor_name).
ALTER TABLE staff ADD COLUMN name text;
ALTER TABLE request_status_events ADD COLUMN actor_name text;
ALTER TABLE availability_events ADD COLUMN actor_name text;
