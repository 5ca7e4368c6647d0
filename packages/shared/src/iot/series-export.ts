import { z } from 'zod';
// A module of its own: zod calls are not known to be pure, so a schema in a module the first page loads
// would ship with that page.

/**
 * `POST /iot/v2/series/export_link`: a short-lived link to the CSV of some properties' values in a range.
 * The browser opens it, so its own download writes the file to disk as the server streams it.
 */
export const seriesExportLinkSchema = z.object({
  id: z.string(),
  url: z.string(),
  expires_at: z.string(),
});
export type SeriesExportLink = z.infer<typeof seriesExportLinkSchema>;
