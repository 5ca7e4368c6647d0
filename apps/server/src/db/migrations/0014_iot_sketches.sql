CREATE TABLE "iot_sketches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"owner_user_id" uuid NOT NULL,
	"folder_id" uuid,
	"name" text NOT NULL,
	"thing_id" uuid,
	"sketch_version" text NOT NULL,
	"files" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "iot_sketches" ADD CONSTRAINT "iot_sketches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_sketches" ADD CONSTRAINT "iot_sketches_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_sketches" ADD CONSTRAINT "iot_sketches_folder_id_iot_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."iot_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_sketches" ADD CONSTRAINT "iot_sketches_thing_id_iot_things_id_fk" FOREIGN KEY ("thing_id") REFERENCES "public"."iot_things"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "iot_sketches_space_idx" ON "iot_sketches" USING btree ("organization_id","owner_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "iot_sketches_name_key" ON "iot_sketches" USING btree (coalesce("organization_id"::text, 'user:' || "owner_user_id"::text),"name");--> statement-breakpoint
-- No sketch existed before this table: any sketch_id held so far points nowhere.
UPDATE "iot_things" SET "sketch_id" = NULL WHERE "sketch_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "iot_things" ADD CONSTRAINT "iot_things_sketch_id_iot_sketches_id_fk" FOREIGN KEY ("sketch_id") REFERENCES "public"."iot_sketches"("id") ON DELETE set null ON UPDATE no action;