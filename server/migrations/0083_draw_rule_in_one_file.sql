-- The draw rule moves to one file (issue 31): server/migrations/repeatable/draw_once.sql holds
-- the current draw_once, draw_reserve and the refusals' rows, and is applied again whenever it
-- changes (db/migrate.ts). Migrations 0080-0082 stay as history; what they defined is replaced.
--
-- draw_once takes one jsonb argument now (domain/draw.ts DrawRequest) instead of 14 positional
-- ones: the old signature goes here, and the repeatable file defines the new one right after.

DROP FUNCTION draw_once(bigint, text, text, text, text, integer, integer, integer, jsonb, jsonb,
  text, text, timestamptz, jsonb);

-- What a draw refuses, one row each: the SQLSTATE the function raises (class MP, ours) and its
-- message. domain/draw-refusals.ts maps the same names and SQLSTATEs to API errors, and
-- server/test/draw-refusals.test.ts fails when the two lists differ. The rows are the
-- repeatable file's (they change with the rule); the shape is this migration's.
CREATE TABLE draw_refusals (
  refusal text PRIMARY KEY,
  sqlstate char(5) NOT NULL UNIQUE CHECK (sqlstate ~ '^MP[0-9A-Z]{3}$'),
  message text NOT NULL
);
