-- Keeps device_access_lists honest: whatever an access record shows is changed only together
-- with a raised version of the lists that show it, in the same transaction (see db/schema/access.ts).
ALTER TABLE "device_access_lists" ALTER COLUMN "records" SET STORAGE EXTERNAL;
--> statement-breakpoint
-- the lists of these devices are stale; devices gone (a cascade in progress) are skipped
CREATE FUNCTION access_lists_stale(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO device_access_lists (device_id, version)
  SELECT d.id, 1 FROM devices d WHERE d.id = ANY(ids)
  ON CONFLICT (device_id) DO UPDATE SET version = device_access_lists.version + 1, records = NULL, built_version = NULL
$$;
--> statement-breakpoint
-- the devices a user or group has an access to
CREATE FUNCTION access_devices_of(principal uuid) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT device_id), '{}') FROM device_access WHERE user_id = principal OR group_id = principal
$$;
--> statement-breakpoint
-- (in a row trigger OLD is null on INSERT and NEW on DELETE: their fields read as null)
CREATE FUNCTION access_lists_on_access() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM access_lists_stale(ARRAY[OLD.device_id, NEW.device_id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER access_lists_on_access AFTER INSERT OR UPDATE OR DELETE ON device_access
  FOR EACH ROW EXECUTE FUNCTION access_lists_on_access();
--> statement-breakpoint
-- a user's name or e-mail, a group's name (principalName, userEmail)
CREATE FUNCTION access_lists_on_principal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM access_lists_stale(access_devices_of(NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER access_lists_on_user AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION access_lists_on_principal();
--> statement-breakpoint
CREATE TRIGGER access_lists_on_group AFTER UPDATE ON user_groups
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION access_lists_on_principal();
--> statement-breakpoint
-- organization membership (organizationUserId)
CREATE FUNCTION access_lists_on_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM access_lists_stale(access_devices_of(OLD.user_id) || access_devices_of(NEW.user_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER access_lists_on_member AFTER INSERT OR UPDATE OR DELETE ON organization_users
  FOR EACH ROW EXECUTE FUNCTION access_lists_on_member();
--> statement-breakpoint
-- the device's organization (whose membership gives organizationUserId)
CREATE FUNCTION access_lists_on_device() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM access_lists_stale(ARRAY[NEW.id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER access_lists_on_device AFTER UPDATE ON devices
  FOR EACH ROW WHEN (OLD.organization_id IS DISTINCT FROM NEW.organization_id)
  EXECUTE FUNCTION access_lists_on_device();
