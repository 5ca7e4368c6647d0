CREATE TABLE "iot_change_markers" (
	"space_key" text PRIMARY KEY NOT NULL,
	"devices" bigint NOT NULL,
	"bumped_by" bigint NOT NULL
);
