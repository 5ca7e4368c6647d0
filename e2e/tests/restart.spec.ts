import { expectSignedIn, newAccount, signInOnProviderPage, signOut, signUp } from '../support/accounts.ts';
import { pageAccessToken } from '../support/operator.ts';
import { freshDataDir, startServer } from '../support/server.ts';
import { expect, test } from '../support/test.ts';

// A server of its own, so stopping it does not disturb the other specs.
const PORT = Number(process.env.E2E_RESTART_PORT ?? 4311);

test('sessions, keys and accounts survive a server restart', async ({ page, consoleErrors }) => {
  test.setTimeout(180_000);
  // The open page keeps asking (live stream, Home's lists, the bell's notifications) while the server is down
  // on purpose. Whatever it asks in that window fails at the network (refused, not connected, reset, cut
  // mid-response: which one depends on the moment) or gets 503, Fastify's answer while it closes. Only this
  // server's own address is allowed, and only those failures.
  const ownAddress = `\\(http://127\\.0\\.0\\.1:${PORT}/`;
  consoleErrors.allow(new RegExp(`net::ERR_[A-Z_]+ ${ownAddress}`));
  consoleErrors.allow(new RegExp(`status of 503 \\(Service Unavailable\\) ${ownAddress}`));
  const dataDir = freshDataDir('restart');
  let server = await startServer({ port: PORT, dataDir });
  try {
    const account = await signUp(page, newAccount('restart'), server.url);
    const tokenBefore = await pageAccessToken(page);
    await server.stop();
    server = await startServer({ port: PORT, dataDir });

    // Same browser session: the provider's session survived (the reload's session check signs in), and a
    // token issued before the restart is still accepted.
    await page.reload();
    await expectSignedIn(page, account);
    const profile = await page.request.get(`${server.url}/users/v1/users/byID/me`, {
      headers: { authorization: `Bearer ${tokenBefore}` },
    });
    expect(profile.status()).toBe(200);

    // The account itself is still there.
    await signOut(page);
    await page.goto(`${server.url}/`);
    await signInOnProviderPage(page, account);
    await expectSignedIn(page, account);
  } finally {
    await server.stop();
  }
});
