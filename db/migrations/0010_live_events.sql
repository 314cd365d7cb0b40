-- Live updates (issue 22): a change anyone could see on a device is announced on the channel
-- 'device_events' so every server process (LISTEN) can tell its portal viewers within a second.
-- The payload names only the kind and the device ('a:12' activity, 's:12' state); each process
-- decides per viewer with the door policy whether to pass it on, and the viewer reads the change
-- through the API. Identical payloads within one transaction are delivered once by Postgres, so a
-- bulk insert costs one notification per device.
create or replace function notify_device_activity() returns trigger language plpgsql as $$
begin
  perform pg_notify('device_events', 'a:' || new.device_id);
  return null;
end $$;
--> statement-breakpoint
create trigger device_activity_notify after insert on device_activity
  for each row execute function notify_device_activity();
--> statement-breakpoint
create or replace function notify_device_state() returns trigger language plpgsql as $$
begin
  perform pg_notify('device_events', 's:' || new.id);
  return null;
end $$;
--> statement-breakpoint
create trigger devices_state_notify after update on devices
  for each row when (
    old.state is distinct from new.state or old.door_state is distinct from new.door_state
    or old.is_connected is distinct from new.is_connected or old.battery_level is distinct from new.battery_level
    or old.state_change_result is distinct from new.state_change_result or old.is_charging is distinct from new.is_charging
    or old.is_present_in_external is distinct from new.is_present_in_external or old.name is distinct from new.name
    or old.revision is distinct from new.revision or old.device_revision is distinct from new.device_revision
  ) execute function notify_device_state();
