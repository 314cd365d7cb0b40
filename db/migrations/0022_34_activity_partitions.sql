-- Issue 34: the activity log is partitioned by month of its date, so what a read, an insert or the
-- retention costs does not grow with the log's age: a partition per month (device_activity_pYYYYMM,
-- [first of the month, first of the next) in UTC), contiguous, with device_activity_before below the
-- first month and device_activity_after above the last for dates outside them (history written
-- late, a device's clock far ahead). Range partitions, not a DEFAULT one: with a default partition
-- Postgres cannot scan the months newest first and stop (a first page read every month's index:
-- 1.0 ms instead of 0.38 ms with 28 months). lib/domain/activity/partitions.ts calls
-- activity_partitions_maintain(): the months ahead exist before they begin, months older than the
-- retention are dropped whole, and rows that wait in before/after move into months of their own.
-- Postgres requires the partition key in every unique index: the primary key becomes (id, date);
-- id stays unique by its sequence, and (device_id, date) is unique as before.
ALTER TABLE "device_activity" RENAME TO "device_activity_unpartitioned";--> statement-breakpoint
DROP TRIGGER "device_activity_notify" ON "device_activity_unpartitioned";--> statement-breakpoint
ALTER TABLE "device_activity_unpartitioned" DROP CONSTRAINT "device_activity_device_id_devices_id_fk";--> statement-breakpoint
ALTER TABLE "device_activity_unpartitioned" DROP CONSTRAINT "device_activity_pkey";--> statement-breakpoint
DROP INDEX "activity_device_date_uq";--> statement-breakpoint
DROP INDEX "activity_device_user_date_idx";--> statement-breakpoint
DROP INDEX "activity_device_authorless_date_idx";--> statement-breakpoint
ALTER SEQUENCE "device_activity_id_seq" OWNED BY NONE;--> statement-breakpoint
CREATE TABLE "device_activity" (
	"id" bigint DEFAULT nextval('device_activity_id_seq') NOT NULL,
	"device_id" integer NOT NULL,
	"user_id" uuid,
	"user_num_id" integer DEFAULT 0 NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"event" integer NOT NULL,
	"source" integer NOT NULL,
	"date" timestamp (3) NOT NULL,
	"access_link_id" uuid,
	"operation_id" uuid,
	CONSTRAINT "device_activity_id_date_pk" PRIMARY KEY ("id", "date")
) PARTITION BY RANGE ("date");--> statement-breakpoint
ALTER SEQUENCE "device_activity_id_seq" OWNED BY "device_activity"."id";--> statement-breakpoint
ALTER TABLE "device_activity" ADD CONSTRAINT "device_activity_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activity_device_date_uq" ON "device_activity" USING btree ("device_id","date");--> statement-breakpoint
CREATE INDEX "activity_device_user_date_idx" ON "device_activity" USING btree ("device_id","user_id","date");--> statement-breakpoint
CREATE INDEX "activity_device_authorless_date_idx" ON "device_activity" USING btree ("device_id","date") WHERE "device_activity"."user_id" is null;--> statement-breakpoint
-- Months [lo, hi) carved out of `src` (before or after, detached by the caller): each month is made
-- as a table of its own, filled with its rows from src and attached, so that moving rows fires no
-- trigger (nobody is told of old entries again); the caller deletes them from src. Returns how
-- many months were made.
CREATE OR REPLACE FUNCTION activity_carve_months(src text, lo timestamp, hi timestamp) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  m timestamp := lo;
  part text;
  made integer := 0;
BEGIN
  WHILE m < hi LOOP
    part := 'device_activity_p' || to_char(m, 'YYYYMM');
    EXECUTE format('CREATE TABLE %I (LIKE device_activity INCLUDING DEFAULTS)', part);
    EXECUTE format('INSERT INTO %I SELECT * FROM %I WHERE date >= $1 AND date < $2', part, src)
      USING m, m + interval '1 month';
    EXECUTE format('ALTER TABLE device_activity ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
      part, m, m + interval '1 month');
    made := made + 1;
    m := m + interval '1 month';
  END LOOP;
  RETURN made;
END $$;--> statement-breakpoint
-- One maintenance pass at `now_utc`, one process at a time (a transaction-scoped advisory lock):
--  1. the months up to `ahead` months after now_utc's exist (rows waiting in after move in);
--  2. with keep_months > 0, months that ended before cutoff = the first of (now_utc's month -
--     keep_months) are dropped whole and older rows in before deleted: kept are the last
--     keep_months whole months and the current one; before then ends at the cutoff;
--  3. rows in before that are kept move into months of their own.
CREATE OR REPLACE FUNCTION activity_partitions_maintain(now_utc timestamp, keep_months integer, ahead integer) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  cutoff timestamp := CASE WHEN keep_months > 0 THEN date_trunc('month', now_utc) - make_interval(months => keep_months) END;
  horizon timestamp := date_trunc('month', now_utc) + make_interval(months => ahead + 1);
  first_month timestamp;
  past_last timestamp;
  low timestamp;
  made integer := 0;
  dropped integer := 0;
  purged bigint := 0;
  r record;
BEGIN
  PERFORM pg_advisory_xact_lock(7234502);
  SELECT min(m), max(m) + interval '1 month' INTO first_month, past_last FROM (
    SELECT to_date(substr(c.relname, 18), 'YYYYMM')::timestamp AS m FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'device_activity'::regclass AND c.relname ~ '^device_activity_p[0-9]{6}$') months;
  -- where before is to end: the cutoff once it passed the first month, else the first month of the
  -- rows in before that are kept (or the first month when none)
  low := CASE WHEN cutoff > first_month THEN cutoff ELSE least(first_month, coalesce(
    (SELECT date_trunc('month', min(date)) FROM device_activity_before WHERE cutoff IS NULL OR date >= cutoff), first_month)) END;
  -- most passes find nothing to do: they look without locking the log
  IF past_last >= horizon AND low = first_month
     AND NOT (cutoff IS NOT NULL AND EXISTS (SELECT 1 FROM device_activity_before WHERE date < cutoff)) THEN
    RETURN json_build_object('made', 0, 'dropped', 0, 'purged', 0);
  END IF;
  -- The log and all its partitions, first and at once: a writer holds the log and then takes a
  -- partition; taking a partition first and then the log would deadlock with it. Writers wait for
  -- the pass; it waits at most 5 s for them, else it fails and the next pass tries again.
  PERFORM set_config('lock_timeout', '5s', true);
  LOCK TABLE device_activity IN ACCESS EXCLUSIVE MODE;
  IF past_last < horizon THEN
    ALTER TABLE device_activity DETACH PARTITION device_activity_after;
    made := made + activity_carve_months('device_activity_after', past_last, horizon);
    DELETE FROM device_activity_after WHERE date < horizon;
    EXECUTE format('ALTER TABLE device_activity ATTACH PARTITION device_activity_after FOR VALUES FROM (%L) TO (MAXVALUE)', horizon);
  END IF;
  ALTER TABLE device_activity DETACH PARTITION device_activity_before;
  IF cutoff IS NOT NULL THEN
    DELETE FROM device_activity_before WHERE date < cutoff;
    GET DIAGNOSTICS purged = ROW_COUNT;
    FOR r IN
      SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'device_activity'::regclass AND c.relname ~ '^device_activity_p[0-9]{6}$'
        AND to_date(substr(c.relname, 18), 'YYYYMM')::timestamp + interval '1 month' <= cutoff
    LOOP
      EXECUTE format('DROP TABLE %I', r.relname);
      dropped := dropped + 1;
    END LOOP;
  END IF;
  IF low < first_month THEN
    made := made + activity_carve_months('device_activity_before', low, first_month);
    DELETE FROM device_activity_before WHERE date >= low;
  END IF;
  EXECUTE format('ALTER TABLE device_activity ATTACH PARTITION device_activity_before FOR VALUES FROM (MINVALUE) TO (%L)', low);
  RETURN json_build_object('made', made, 'dropped', dropped, 'purged', purged);
END $$;--> statement-breakpoint
-- the months of the existing entries (of the last two years; older ones wait in before for the
-- first pass, which keeps or deletes them by the retention) to three months ahead, before and after
-- around them; then the entries, then the trigger (copying them announces nothing)
DO $$
DECLARE
  lo timestamp := least(
    date_trunc('month', now() AT TIME ZONE 'utc'),
    greatest(
      coalesce((SELECT date_trunc('month', min(date)) FROM device_activity_unpartitioned), 'infinity'),
      date_trunc('month', now() AT TIME ZONE 'utc') - interval '24 months'));
  hi timestamp := date_trunc('month', now() AT TIME ZONE 'utc') + interval '4 months';
  m timestamp := lo;
BEGIN
  WHILE m < hi LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF device_activity FOR VALUES FROM (%L) TO (%L)',
      'device_activity_p' || to_char(m, 'YYYYMM'), m, m + interval '1 month');
    m := m + interval '1 month';
  END LOOP;
  EXECUTE format('CREATE TABLE device_activity_before PARTITION OF device_activity FOR VALUES FROM (MINVALUE) TO (%L)', lo);
  EXECUTE format('CREATE TABLE device_activity_after PARTITION OF device_activity FOR VALUES FROM (%L) TO (MAXVALUE)', hi);
END $$;--> statement-breakpoint
INSERT INTO "device_activity" ("id", "device_id", "user_id", "user_num_id", "username", "event", "source", "date", "access_link_id", "operation_id")
  SELECT "id", "device_id", "user_id", "user_num_id", "username", "event", "source", "date", "access_link_id", "operation_id" FROM "device_activity_unpartitioned";--> statement-breakpoint
DROP TABLE "device_activity_unpartitioned";--> statement-breakpoint
CREATE TRIGGER "device_activity_notify" AFTER INSERT ON "device_activity"
  FOR EACH ROW EXECUTE FUNCTION notify_device_activity();
