CREATE SEQUENCE "public"."devices_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "version" bigint DEFAULT nextval('devices_version_seq') NOT NULL;--> statement-breakpoint
-- every change of a device row gives it a new version, whoever makes it (a server, a worker, a
-- script): the answers a server keeps for a device are good while the version they were built from is
create or replace function devices_next_version() returns trigger language plpgsql as $$
begin
  new.version := nextval('devices_version_seq');
  return new;
end $$;
--> statement-breakpoint
create trigger devices_version before update on devices for each row execute function devices_next_version();
