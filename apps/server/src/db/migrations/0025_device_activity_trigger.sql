-- The device-list marker trigger of 0010 no longer looks at activity, so recording it costs no more than the
-- update itself. Measured on PGlite: 6,000 activity updates took 700-1,100 ms with that trigger, whose WHEN
-- compared the whole row as JSON for every row (and bumped the marker row by row when the minute turned),
-- and 160-250 ms without it; a fleet writes that many every 30 s, and PGlite runs one statement at a time.
-- The list still shows a last activity at most a minute old: its cache keeps a list only within the minute
-- it was built (devices.service.ts). Every other column but the folder counts as before. A trigger with a
-- column list is only considered when the UPDATE sets one of its columns, so the list must name every column
-- but those two: a test beside the device-list cache checks it against the table.
DROP TRIGGER "iot_devices_mark_update" ON "iot_devices";
--> statement-breakpoint
CREATE TRIGGER "iot_devices_mark_update" AFTER UPDATE OF
  "id", "organization_id", "owner_user_id", "name", "type", "fqbn", "serial", "connection_type",
  "unique_hardware_id", "ble_mac", "locked", "status", "lib_version", "wifi_fw_version", "metadata", "tags",
  "created_at", "updated_at", "deleted_at"
  ON "iot_devices" FOR EACH ROW
  WHEN (to_jsonb(OLD) - 'folder_id' - 'last_activity_at' IS DISTINCT FROM to_jsonb(NEW) - 'folder_id' - 'last_activity_at')
  EXECUTE FUNCTION iot_devices_mark_change();
