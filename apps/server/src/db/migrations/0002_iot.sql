CREATE TABLE "iot_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"owner_user_id" uuid NOT NULL,
	"trigger_id" uuid,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"description" text,
	"email" jsonb,
	"push_notification" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "iot_api_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"owner_user_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "iot_dashboard_shares" (
	"dashboard_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"shared_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "iot_dashboard_shares_dashboard_id_user_id_pk" PRIMARY KEY("dashboard_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "iot_dashboards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"owner_user_id" uuid NOT NULL,
	"folder_id" uuid,
	"name" text NOT NULL,
	"cover_image" text,
	"pages" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "iot_device_secrets" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_device_status_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"value" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"owner_user_id" uuid NOT NULL,
	"folder_id" uuid,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"fqbn" text,
	"serial" text DEFAULT '' NOT NULL,
	"connection_type" text,
	"unique_hardware_id" text,
	"ble_mac" text,
	"locked" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'UNKNOWN' NOT NULL,
	"last_activity_at" timestamp with time zone,
	"lib_version" text,
	"wifi_fw_version" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "iot_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"owner_user_id" uuid NOT NULL,
	"parent_id" uuid,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "iot_properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thing_id" uuid NOT NULL,
	"name" text NOT NULL,
	"variable_name" text,
	"type" text NOT NULL,
	"permission" text NOT NULL,
	"update_strategy" text NOT NULL,
	"update_parameter" double precision,
	"min_value" double precision,
	"max_value" double precision,
	"persist" boolean DEFAULT true NOT NULL,
	"tag" integer,
	"sync_id" uuid,
	"last_value" jsonb,
	"value_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "iot_property_values" (
	"property_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"value" jsonb NOT NULL,
	"num" double precision,
	CONSTRAINT "iot_property_values_property_id_at_pk" PRIMARY KEY("property_id","at")
);
--> statement-breakpoint
CREATE TABLE "iot_things" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"owner_user_id" uuid NOT NULL,
	"folder_id" uuid,
	"name" text NOT NULL,
	"timezone" text NOT NULL,
	"device_id" uuid,
	"webhook_uri" text,
	"webhook_active" boolean DEFAULT false NOT NULL,
	"assistant" text,
	"sketch_id" uuid,
	"source_template" uuid,
	"tags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "iot_triggers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"owner_user_id" uuid NOT NULL,
	"folder_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"property_id" uuid,
	"device_status_source" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "iot_triggers_one_source" CHECK (not ("iot_triggers"."property_id" is not null and "iot_triggers"."device_status_source" is not null))
);
--> statement-breakpoint
CREATE TABLE "iot_widget_variables" (
	"dashboard_id" uuid NOT NULL,
	"widget_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "iot_widget_variables_dashboard_id_widget_id_property_id_pk" PRIMARY KEY("dashboard_id","widget_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "iot_widgets" (
	"dashboard_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"x_mobile" integer,
	"y_mobile" integer,
	"width_mobile" integer,
	"height_mobile" integer,
	"page_id" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "iot_widgets_dashboard_id_id_pk" PRIMARY KEY("dashboard_id","id")
);
--> statement-breakpoint
ALTER TABLE "iot_actions" ADD CONSTRAINT "iot_actions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_actions" ADD CONSTRAINT "iot_actions_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_actions" ADD CONSTRAINT "iot_actions_trigger_id_iot_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."iot_triggers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_api_clients" ADD CONSTRAINT "iot_api_clients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_api_clients" ADD CONSTRAINT "iot_api_clients_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_dashboard_shares" ADD CONSTRAINT "iot_dashboard_shares_dashboard_id_iot_dashboards_id_fk" FOREIGN KEY ("dashboard_id") REFERENCES "public"."iot_dashboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_dashboard_shares" ADD CONSTRAINT "iot_dashboard_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_dashboard_shares" ADD CONSTRAINT "iot_dashboard_shares_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_dashboards" ADD CONSTRAINT "iot_dashboards_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_dashboards" ADD CONSTRAINT "iot_dashboards_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_dashboards" ADD CONSTRAINT "iot_dashboards_folder_id_iot_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."iot_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_device_secrets" ADD CONSTRAINT "iot_device_secrets_device_id_iot_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."iot_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_device_status_events" ADD CONSTRAINT "iot_device_status_events_device_id_iot_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."iot_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_devices" ADD CONSTRAINT "iot_devices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_devices" ADD CONSTRAINT "iot_devices_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_devices" ADD CONSTRAINT "iot_devices_folder_id_iot_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."iot_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_folders" ADD CONSTRAINT "iot_folders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_folders" ADD CONSTRAINT "iot_folders_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_folders" ADD CONSTRAINT "iot_folders_parent_id_iot_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."iot_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_properties" ADD CONSTRAINT "iot_properties_thing_id_iot_things_id_fk" FOREIGN KEY ("thing_id") REFERENCES "public"."iot_things"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_property_values" ADD CONSTRAINT "iot_property_values_property_id_iot_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."iot_properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_things" ADD CONSTRAINT "iot_things_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_things" ADD CONSTRAINT "iot_things_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_things" ADD CONSTRAINT "iot_things_folder_id_iot_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."iot_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_things" ADD CONSTRAINT "iot_things_device_id_iot_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."iot_devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_triggers" ADD CONSTRAINT "iot_triggers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_triggers" ADD CONSTRAINT "iot_triggers_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_triggers" ADD CONSTRAINT "iot_triggers_folder_id_iot_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."iot_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_triggers" ADD CONSTRAINT "iot_triggers_property_id_iot_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."iot_properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_widget_variables" ADD CONSTRAINT "iot_widget_variables_property_id_iot_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."iot_properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_widget_variables" ADD CONSTRAINT "iot_widget_variables_widget_fk" FOREIGN KEY ("dashboard_id","widget_id") REFERENCES "public"."iot_widgets"("dashboard_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_widgets" ADD CONSTRAINT "iot_widgets_dashboard_id_iot_dashboards_id_fk" FOREIGN KEY ("dashboard_id") REFERENCES "public"."iot_dashboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "iot_actions_trigger_idx" ON "iot_actions" USING btree ("trigger_id");--> statement-breakpoint
CREATE INDEX "iot_actions_space_idx" ON "iot_actions" USING btree ("organization_id","owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "iot_api_clients_client_id_key" ON "iot_api_clients" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "iot_api_clients_space_idx" ON "iot_api_clients" USING btree ("organization_id","owner_user_id");--> statement-breakpoint
CREATE INDEX "iot_dashboard_shares_user_idx" ON "iot_dashboard_shares" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "iot_dashboards_space_idx" ON "iot_dashboards" USING btree ("organization_id","owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "iot_device_status_events_device_idx" ON "iot_device_status_events" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "iot_devices_space_idx" ON "iot_devices" USING btree ("organization_id","owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "iot_devices_uhwid_idx" ON "iot_devices" USING btree ("unique_hardware_id");--> statement-breakpoint
CREATE INDEX "iot_devices_tags_idx" ON "iot_devices" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "iot_folders_space_idx" ON "iot_folders" USING btree ("organization_id","owner_user_id","kind");--> statement-breakpoint
CREATE INDEX "iot_folders_parent_idx" ON "iot_folders" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "iot_properties_thing_idx" ON "iot_properties" USING btree ("thing_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "iot_properties_variable_key" ON "iot_properties" USING btree ("thing_id","variable_name") WHERE "iot_properties"."variable_name" is not null and "iot_properties"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "iot_things_space_idx" ON "iot_things" USING btree ("organization_id","owner_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "iot_things_device_key" ON "iot_things" USING btree ("device_id") WHERE "iot_things"."device_id" is not null and "iot_things"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "iot_things_tags_idx" ON "iot_things" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "iot_triggers_space_idx" ON "iot_triggers" USING btree ("organization_id","owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "iot_triggers_property_idx" ON "iot_triggers" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "iot_widget_variables_property_idx" ON "iot_widget_variables" USING btree ("property_id");