import type { Database } from '../../../db/client.ts';
import { AppError, notFound } from '../../../errors.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import type { TelemetryStore } from '../../telemetry/telemetry-store.ts';
import type { SpaceRequest, SpaceResolver } from '../common/space.ts';
import { createNotificationsRepository } from '../notifications/notifications.repository.ts';
import { createSeriesRepository } from './series.repository.ts';

/** At most this many values go into one export; the CSV says so when it is cut. */
const MAX_EXPORT_ROWS = 100_000;
const EXPORT_DAYS = 7;

function csvCell(v: unknown): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * `POST /iot/v2/series/historic_data`: the values of the readable properties in [from, to) as a CSV kept for
 * a week; the link is mailed to the caller and left in their notifications (upstream also mails a link).
 */
export function createHistoricData(deps: {
  db: Database;
  resolve: SpaceResolver;
  telemetry: TelemetryStore;
  mailer?: Mailer;
  publicUrl: string;
}) {
  const series = createSeriesRepository(deps.db);
  const notifications = createNotificationsRepository(deps.db);

  return {
    async request(ref: SpaceRequest, body: { from: Date; to: Date; properties: string[] }) {
      const space = await deps.resolve(ref, 'iot.read');
      if (body.from.getTime() >= body.to.getTime()) {
        throw new AppError('validation_error', '"from" must be before "to".');
      }
      const ids = [...new Set(body.properties.map((p) => p.toLowerCase()))];
      const props = await series.properties(space, ids);
      if (props.length !== ids.length) throw notFound('Property');
      const rows = await deps.telemetry.export(ids, {
        from: body.from,
        to: body.to,
        limit: MAX_EXPORT_ROWS + 1,
      });
      const byId = new Map(props.map((p) => [p.id, p]));
      const lines = ['time,thing_id,property_id,property_name,property_type,value'];
      for (const r of rows.slice(0, MAX_EXPORT_ROWS)) {
        const p = byId.get(r.propertyId);
        if (!p) continue;
        lines.push(
          [r.at.toISOString(), p.thingId, p.id, csvCell(p.name), p.type, csvCell(r.value)].join(','),
        );
      }
      if (rows.length > MAX_EXPORT_ROWS) lines.push(`# cut at ${MAX_EXPORT_ROWS} values`);
      const csv = `${lines.join('\r\n')}\r\n`;
      const stamp = body.from.toISOString().slice(0, 10);
      const exported = await series.insertExport({
        organizationId: space.organizationId,
        ownerUserId: space.actorId,
        filename: `historic-data-${stamp}.csv`,
        contentType: 'text/csv; charset=utf-8',
        body: csv,
        size: Buffer.byteLength(csv),
        expiresAt: new Date(Date.now() + EXPORT_DAYS * 86_400_000),
      });
      const link = `${deps.publicUrl}/iot/v2/series/historic_data/${exported.id}`;
      await notifications.insert({
        userId: space.actorId,
        organizationId: space.organizationId,
        kind: 'historic_data',
        title: 'Your historic data is ready',
        body: `${rows.length > MAX_EXPORT_ROWS ? MAX_EXPORT_ROWS : rows.length} values, available for ${EXPORT_DAYS} days.`,
        link,
        data: { export_id: exported.id },
      });
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
      return { id: exported.id, link };
    },

    /** The CSV by its unguessable id (the mailed link), until it expires. */
    async download(id: string) {
      const row = await series.liveExport(id, new Date());
      if (!row) throw notFound('Export');
      return row;
    },
  };
}
export type HistoricData = ReturnType<typeof createHistoricData>;
