import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../../db/schema/index.ts';
import { iotTestApp } from '../testing/iot-fixtures.ts';
import { SHARE_REQUEST_MAILS_PER_DAY } from './share-request-mail.ts';

const { t, f } = await iotTestApp();
afterAll(() => t.close());

const mailsTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

async function dashboardOf(userId: string, name: string) {
  return (await f.call(userId, 'POST', '/iot/v2/dashboards', { name })).json() as { id: string };
}

describe('dashboard access requests', () => {
  it('mails an owner at most 3 times a day per requester, over all their dashboards, always answering 200', async () => {
    const owner = await t.createUser();
    const asker = await t.createUser();
    const other = await t.createUser();
    const first = await dashboardOf(owner.id, 'Garden');
    const second = await dashboardOf(owner.id, 'Garage');
    for (const d of [first, second, first, second, first]) {
      const res = await f.call(asker.id, 'PUT', `/iot/v2/dashboards/${d.id}/share_request`, {
        message: 'please',
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await mailsTo(owner.email)).toHaveLength(SHARE_REQUEST_MAILS_PER_DAY);
    // Another requester has a count of their own.
    const res = await f.call(other.id, 'PUT', `/iot/v2/dashboards/${first.id}/share_request`, {});
    expect(res.statusCode).toBe(200);
    expect(await mailsTo(owner.email)).toHaveLength(SHARE_REQUEST_MAILS_PER_DAY + 1);
  });

  it("sets the requester's text apart as their quoted words, escaped in the HTML part", async () => {
    const owner = await t.createUser();
    const asker = await t.createUser();
    const d = await dashboardOf(owner.id, 'Greenhouse');
    const message = 'Your account is locked.\n<a href="https://evil.example">Unlock it here</a>';
    await f.call(asker.id, 'PUT', `/iot/v2/dashboards/${d.id}/share_request`, { message });
    const [mail] = await mailsTo(owner.email);
    expect(mail?.text).toContain(
      `Message from ${asker.username} (their words, not ours):\n> Your account is locked.\n> <a href="https://evil.example">Unlock it here</a>\n\n`,
    );
    expect(mail?.html).toContain('<blockquote');
    expect(mail?.html).toContain('&lt;a href=&quot;https://evil.example&quot;&gt;Unlock it here&lt;/a&gt;');
    expect(mail?.html).not.toContain('<a href');
  });
});
