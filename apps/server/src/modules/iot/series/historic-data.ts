import type { Readable } from 'node:stream';
import type { Database } from '../../../db/client.ts';
import { AppError, notFound } from '../../../errors.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import type { EventBus } from '../../live/live-event.ts';
import type { TelemetryStore } from '../../telemetry/telemetry-store.ts';
import type { IotSpace, SpaceRequest, SpaceResolver } from '../common/space.ts';
import { createNotificationsRepository } from '../notifications/notifications.repository.ts';
import { createNotifier } from '../notifications/notifier.ts';
import { csvStream } from './csv-stream.ts';
import { createSeriesRepository } from './series.repository.ts';

/** How long a mailed historic-data link works. */
const EXPORT_DAYS = 7;
/** How long a download link made for the browser works: long enough to start the download, no more. */
export const LINK_SECONDS = 300;
const CSV_TYPE = 'text/csv; charset=utf-8';

export interface ExportQuery {
  from: Date;
  to: Date;
  properties: string[];
}

/** A CSV ready to be sent: its name and its bytes, read from the store as the response drains. */
export interface CsvDownload {
  filename: string;
  contentType: string;
  stream: Readable | string;
}

const filenameOf = (from: Date) => `historic-data-${from.toISOString().slice(0, 10)}.csv`;

/**
 * CSV exports of property values (README.md beside this file): streamed to the caller at once
 * (`POST /iot/v2/series/export`), behind a short-lived link for the browser (`export_link`), or behind a
 * link mailed for a week (`POST /iot/v2/series/historic_data`). A link keeps the query, not the CSV: its
 * download streams the values from the store, so no export has a size limit and none is held in memory.
 */
export function createHistoricData(deps: {
  db: Database;
  resolve: SpaceResolver;
  telemetry: TelemetryStore;
  mailer?: Mailer;
  /** Where the export's notification is announced (live streams); without it, nowhere. */
  events?: EventBus | undefined;
  publicUrl: string;
}) {
  const series = createSeriesRepository(deps.db);
  const notifications = createNotificationsRepository(deps.db);
  const notifier = createNotifier(deps);

  /** The readable properties asked for: 404 when one is not (as if it did not exist), 400 for a bad range. */
  async function readable(space: IotSpace, query: ExportQuery) {
    if (query.from.getTime() >= query.to.getTime()) {
      throw new AppError('validation_error', '"from" must be before "to".');
    }
    const ids = [...new Set(query.properties.map((p) => p.toLowerCase()))];
    const props = await series.properties(space, ids);
    if (props.length !== ids.length) throw notFound('Property');
    return { ids, props };
  }

  /** Keeps the query behind an unguessable id until `expiresAt`. */
  async function keep(space: IotSpace, query: ExportQuery, ids: string[], expiresAt: Date) {
    const row = await series.insertExport({
      organizationId: space.organizationId,
      ownerUserId: space.actorId,
      filename: filenameOf(query.from),
      contentType: CSV_TYPE,
      propertyIds: ids,
      rangeFrom: query.from,
      rangeTo: query.to,
      expiresAt,
    });
    return { id: row.id, link: `${deps.publicUrl}/iot/v2/series/historic_data/${row.id}`, expiresAt };
  }

  return {
    /** The CSV of the query, streamed now. */
    async stream(ref: SpaceRequest, query: ExportQuery): Promise<CsvDownload> {
      const space = await deps.resolve(ref, 'iot.read');
      const { props } = await readable(space, query);
      return {
        filename: filenameOf(query.from),
        contentType: CSV_TYPE,
        stream: csvStream(deps.telemetry, props, query),
      };
    },

    /**
     * A link the browser opens to download the CSV: the browser's own download writes it to disk as it
     * comes, which a fetch of an authenticated request could not do without holding it all.
     */
    async link(ref: SpaceRequest, query: ExportQuery) {
      const space = await deps.resolve(ref, 'iot.read');
      const { ids } = await readable(space, query);
      return keep(space, query, ids, new Date(Date.now() + LINK_SECONDS * 1000));
    },

    /**
     * `POST /iot/v2/series/historic_data`: the link is mailed to the caller and left in their notifications
     * for a week (upstream also mails a link).
     */
    async request(ref: SpaceRequest, query: ExportQuery) {
      const space = await deps.resolve(ref, 'iot.read');
      const { ids } = await readable(space, query);
      const { id, link } = await keep(space, query, ids, new Date(Date.now() + EXPORT_DAYS * 86_400_000));
      const range = `${query.from.toISOString()} to ${query.to.toISOString()}`;
      await notifier.add([
        {
          userId: space.actorId,
          organizationId: space.organizationId,
          kind: 'historic_data',
          title: 'Your historic data is ready',
          body: `${ids.length} ${ids.length === 1 ? 'variable' : 'variables'}, ${range}, available for ${EXPORT_DAYS} days.`,
          link,
          data: { export_id: id },
        },
      ]);
      const to = await notifications.emailOf(space.actorId);
      if (to && deps.mailer) {
        const text = `Your historic data export is ready: ${link}\nThe link works for ${EXPORT_DAYS} days.`;
        await deps.mailer.send({
          to,
          subject: 'Your historic data is ready',
          text,
          html: `<p>Your historic data export is ready: <a href="${link}">download the CSV</a>.</p><p>The link works for ${EXPORT_DAYS} days.</p>`,
        });
      }
      return { id, link };
    },

    /**
     * The CSV behind a link, until it expires. Its maker must still read the space (a member who left gets
     * 404); properties deleted since are left out.
     */
    async download(id: string): Promise<CsvDownload> {
      const row = await series.liveExport(id, new Date());
      if (!row) throw notFound('Export');
      if (row.body !== null)
        return { filename: row.filename, contentType: row.contentType, stream: row.body };
      if (!row.propertyIds || !row.rangeFrom || !row.rangeTo) throw notFound('Export');
      const space = await deps.resolve(
        { actorId: row.ownerUserId, header: row.organizationId ?? undefined, keySpace: undefined },
        'iot.read',
      );
      const props = await series.properties(space, row.propertyIds);
      return {
        filename: row.filename,
        contentType: row.contentType,
        stream: csvStream(deps.telemetry, props, { from: row.rangeFrom, to: row.rangeTo }),
      };
    },
  };
}
export type HistoricData = ReturnType<typeof createHistoricData>;
