CREATE TABLE "iot_trigger_generation" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "iot_trigger_generation_one_row" CHECK ("iot_trigger_generation"."id")
);
--> statement-breakpoint
CREATE TABLE "iot_trigger_states" (
	"trigger_id" uuid PRIMARY KEY NOT NULL,
	"condition_met" boolean,
	"last_fired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "iot_trigger_states" ADD CONSTRAINT "iot_trigger_states_trigger_id_iot_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."iot_triggers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "iot_trigger_generation" ("id", "generation") VALUES (true, 0);
--> statement-breakpoint
-- Every change to triggers (by any process, a script or a cascade from a deleted property) moves the
-- generation in the same transaction, so a process that reads the new number also reads the new triggers.
CREATE FUNCTION "iot_triggers_bump_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE iot_trigger_generation SET generation = generation + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "iot_triggers_generation" AFTER INSERT OR UPDATE OR DELETE ON "iot_triggers"
  FOR EACH STATEMENT EXECUTE FUNCTION "iot_triggers_bump_generation"();
--> statement-breakpoint
-- Every trigger has its state row from the start, so firing is one UPDATE that the row lock makes exact when
-- two processes decide at once.
CREATE FUNCTION "iot_triggers_add_state"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO iot_trigger_states (trigger_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "iot_triggers_state" AFTER INSERT ON "iot_triggers"
  FOR EACH ROW EXECUTE FUNCTION "iot_triggers_add_state"();
--> statement-breakpoint
INSERT INTO "iot_trigger_states" ("trigger_id") SELECT "id" FROM "iot_triggers" ON CONFLICT DO NOTHING;
