-- The device-list marker trigger of 0010, split in two so that recording activity costs no more than the
-- update itself. Measured on PGlite: 6,000 activity updates took 700-1,100 ms with the single trigger, whose
-- WHEN compared the whole row as JSON for every row, and 160-250 ms without it (a fleet writes that many
-- every 30 s, and PGlite runs one statement at a time).
-- The rules are unchanged: every column counts but the folder and the last activity, which counts once per
-- minute. A trigger with a column list is only considered when the UPDATE sets one of its columns, so an
-- UPDATE setting only last_activity_at meets the cheap minute comparison alone. The column list must name
-- every column but those two: the test beside the device-list cache checks it against the table.
DROP TRIGGER "iot_devices_mark_update" ON "iot_devices";
--> statement-breakpoint
CREATE TRIGGER "iot_devices_mark_update" AFTER UPDATE OF
  "id", "organization_id", "owner_user_id", "name", "type", "fqbn", "serial", "connection_type",
  "unique_hardware_id", "ble_mac", "locked", "status", "lib_version", "wifi_fw_version", "metadata", "tags",
  "created_at", "updated_at", "deleted_at"
  ON "iot_devices" FOR EACH ROW
  WHEN (to_jsonb(OLD) - 'folder_id' - 'last_activity_at' IS DISTINCT FROM to_jsonb(NEW) - 'folder_id' - 'last_activity_at')
  EXECUTE FUNCTION iot_devices_mark_change();
--> statement-breakpoint
CREATE TRIGGER "iot_devices_mark_activity" AFTER UPDATE OF "last_activity_at" ON "iot_devices" FOR EACH ROW
  WHEN (floor(extract(epoch FROM OLD.last_activity_at) / 60) IS DISTINCT FROM floor(extract(epoch FROM NEW.last_activity_at) / 60))
  EXECUTE FUNCTION iot_devices_mark_change();
