-- The schema itself does not change (users.role is text); only the values do.
-- custom: staff accounts become admins, so existing staff keep every right they had (ADR 0010, ADR 0025).
UPDATE "users" SET "role" = 'admin' WHERE "role" = 'staff';
