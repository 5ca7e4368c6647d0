import { z } from 'zod';

/**
 * The web app's group lists (spec 7.4, `GET /groups/v1/{list}`): folders and items of each kind. The server
 * answers with these shapes and the web reads them with the same ones.
 */

/** The kinds of a group item (spec section 3 "Group item"). */
export const GROUP_KINDS = ['DEVICE', 'THING', 'DASHBOARD', 'SKETCH', 'TRIGGER'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];

export const groupFolderSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(GROUP_KINDS),
  parent_id: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GroupFolder = z.infer<typeof groupFolderSchema>;

export const groupItemSchema = z.object({
  id: z.string(),
  kind: z.enum(GROUP_KINDS),
  name: z.string(),
  folderId: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().optional(),
});
export type GroupItem = z.infer<typeof groupItemSchema>;

/** `GET /groups/v1/{devices|things|dashboards|sketches|triggers|all}`: one folder level under `parent_id`. */
export const groupListSchema = z.object({
  folders: z.array(groupFolderSchema),
  items: z.array(groupItemSchema),
});
export type GroupList = z.infer<typeof groupListSchema>;
