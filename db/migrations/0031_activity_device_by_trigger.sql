-- The activity log's device is kept by triggers, not by a foreign key (issue 34). A key from the
-- partitioned log makes every detach of a partition clone the key, with triggers on `devices`, and
-- every attach drop them (ACCESS EXCLUSIVE on `devices`): the partitions' pass held the log and
-- then waited for `devices`, while a request that had read a device waited for the log, and
-- Postgres ended one of them with 40P01 (the soak of 2026-12-02). Without the key the pass takes
-- the log and its partitions only. What the key did is done the same way:
--  * an entry for a device that is not there is refused with foreign_key_violation (23503); the
--    device's row is locked FOR KEY SHARE, as the key's check does, so a delete waits for it;
--  * deleting devices deletes their entries (the key's ON DELETE CASCADE), in the same statement.
ALTER TABLE "device_activity" DROP CONSTRAINT "device_activity_device_id_devices_id_fk";--> statement-breakpoint
CREATE OR REPLACE FUNCTION device_activity_device_exists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM devices WHERE id = NEW.device_id FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'insert or update on table "device_activity" violates its device'
      USING ERRCODE = 'foreign_key_violation',
            DETAIL = format('Key (device_id)=(%s) is not present in table "devices".', NEW.device_id);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "device_activity_device_exists" BEFORE INSERT OR UPDATE OF "device_id" ON "device_activity"
  FOR EACH ROW EXECUTE FUNCTION device_activity_device_exists();--> statement-breakpoint
CREATE OR REPLACE FUNCTION devices_delete_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM device_activity WHERE device_id IN (SELECT id FROM gone);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "devices_delete_activity" AFTER DELETE ON "devices"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION devices_delete_activity();
