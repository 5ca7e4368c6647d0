import { type AppConfig, seriesExportLinkSchema } from '@tinkercloud/shared';
import type { ApiRequest } from '@/lib/api.ts';
import { iotUrl } from './detail-queries.ts';

/**
 * Downloads the CSV of the variables' stored values in [from, to) (epoch ms). The server answers a link
 * working a few minutes without a token; the browser's own download then writes the file to disk as it is
 * streamed, so no export, however long, is held in this page's memory (a fetch would need a Blob).
 */
export async function downloadCsv(
  api: ApiRequest,
  config: AppConfig,
  space: string,
  request: { propertyIds: string[]; from: number; to: number },
): Promise<void> {
  const link = seriesExportLinkSchema.parse(
    await api(iotUrl(config, '/iot/v2/series/export_link'), {
      method: 'POST',
      body: {
        from: new Date(request.from).toISOString(),
        to: new Date(request.to).toISOString(),
        properties: request.propertyIds,
      },
      organization: space,
    }),
  );
  const anchor = document.createElement('a');
  anchor.href = link.url;
  anchor.download = '';
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
