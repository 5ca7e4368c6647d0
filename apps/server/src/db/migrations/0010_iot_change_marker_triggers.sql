-- The device-list change marker of iot_change_markers, kept by the database so that every writer (any server
-- process, a script, a hand-written UPDATE) keeps it. Row triggers with WHEN clauses: an update that changes
-- nothing the device list shows (a property's last value, a device's activity within the same minute) costs
-- one comparison and takes no lock. One bump per space and transaction: the marker row is written once and
-- the rest of the transaction's changes commit with it.
CREATE SEQUENCE "iot_change_marker_seq";
--> statement-breakpoint
CREATE FUNCTION "iot_bump_devices_marker"(organization uuid, owner uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO iot_change_markers AS m (space_key, devices, bumped_by)
  VALUES (
    CASE WHEN organization IS NULL THEN 'u:' || owner::text ELSE 'o:' || organization::text END,
    nextval('iot_change_marker_seq'),
    txid_current()
  )
  ON CONFLICT (space_key) DO UPDATE SET devices = excluded.devices, bumped_by = excluded.bumped_by
  WHERE m.bumped_by <> excluded.bumped_by
$$;
--> statement-breakpoint
CREATE FUNCTION "iot_bump_devices_marker_of_device"(device uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM iot_bump_devices_marker(d.organization_id, d.owner_user_id) FROM iot_devices d WHERE d.id = device;
END $$;
--> statement-breakpoint
CREATE FUNCTION "iot_bump_devices_marker_of_thing"(thing uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM iot_bump_devices_marker(d.organization_id, d.owner_user_id)
  FROM iot_things t JOIN iot_devices d ON d.id = t.device_id WHERE t.id = thing;
END $$;
--> statement-breakpoint
CREATE FUNCTION "iot_devices_mark_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM iot_bump_devices_marker(OLD.organization_id, OLD.owner_user_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM iot_bump_devices_marker(NEW.organization_id, NEW.owner_user_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A thing shows in the list of the device it drives (its fields and its count of live properties).
CREATE FUNCTION "iot_things_mark_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.device_id IS NOT NULL THEN
    PERFORM iot_bump_devices_marker_of_device(OLD.device_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.device_id IS NOT NULL THEN
    PERFORM iot_bump_devices_marker_of_device(NEW.device_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "iot_properties_mark_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM iot_bump_devices_marker_of_thing(OLD.thing_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.thing_id <> OLD.thing_id) THEN
    PERFORM iot_bump_devices_marker_of_thing(NEW.thing_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "iot_bump_all_devices_markers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE iot_change_markers SET devices = nextval('iot_change_marker_seq'), bumped_by = txid_current();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "iot_devices_mark_insert_delete" AFTER INSERT OR DELETE ON "iot_devices"
  FOR EACH ROW EXECUTE FUNCTION iot_devices_mark_change();
--> statement-breakpoint
-- Every column counts except the folder (not shown) and the last activity, which counts once per minute: the
-- list may show a last_activity_at up to a minute old, and frequent traffic does not empty the cache. The row
-- is compared as JSON so that a column added later counts without touching this trigger.
CREATE TRIGGER "iot_devices_mark_update" AFTER UPDATE ON "iot_devices" FOR EACH ROW
  WHEN (
    to_jsonb(OLD) - 'folder_id' - 'last_activity_at' IS DISTINCT FROM to_jsonb(NEW) - 'folder_id' - 'last_activity_at'
    OR floor(extract(epoch FROM OLD.last_activity_at) / 60) IS DISTINCT FROM floor(extract(epoch FROM NEW.last_activity_at) / 60)
  )
  EXECUTE FUNCTION iot_devices_mark_change();
--> statement-breakpoint
CREATE TRIGGER "iot_things_mark_insert_delete" AFTER INSERT OR DELETE ON "iot_things"
  FOR EACH ROW EXECUTE FUNCTION iot_things_mark_change();
--> statement-breakpoint
CREATE TRIGGER "iot_things_mark_update" AFTER UPDATE ON "iot_things" FOR EACH ROW
  WHEN (
    (OLD.device_id IS NOT NULL OR NEW.device_id IS NOT NULL)
    AND to_jsonb(OLD) - 'folder_id' IS DISTINCT FROM to_jsonb(NEW) - 'folder_id'
  )
  EXECUTE FUNCTION iot_things_mark_change();
--> statement-breakpoint
CREATE TRIGGER "iot_properties_mark_insert_delete" AFTER INSERT OR DELETE ON "iot_properties"
  FOR EACH ROW EXECUTE FUNCTION iot_properties_mark_change();
--> statement-breakpoint
-- Only the count of live properties shows in the device list; values and their times do not.
CREATE TRIGGER "iot_properties_mark_update" AFTER UPDATE ON "iot_properties" FOR EACH ROW
  WHEN ((OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL) OR OLD.thing_id <> NEW.thing_id)
  EXECUTE FUNCTION iot_properties_mark_change();
--> statement-breakpoint
CREATE TRIGGER "iot_devices_mark_truncate" AFTER TRUNCATE ON "iot_devices"
  FOR EACH STATEMENT EXECUTE FUNCTION iot_bump_all_devices_markers();
--> statement-breakpoint
CREATE TRIGGER "iot_things_mark_truncate" AFTER TRUNCATE ON "iot_things"
  FOR EACH STATEMENT EXECUTE FUNCTION iot_bump_all_devices_markers();
--> statement-breakpoint
CREATE TRIGGER "iot_properties_mark_truncate" AFTER TRUNCATE ON "iot_properties"
  FOR EACH STATEMENT EXECUTE FUNCTION iot_bump_all_devices_markers();
