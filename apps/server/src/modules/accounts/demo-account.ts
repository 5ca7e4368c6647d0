/**
 * The seeded demo account's login (`seed/demo-data.ts` makes it, with a password printed at start-up). It is
 * recognised by both: `example.com` is reserved, so nobody else can own that address and sign up with it.
 */
export const DEMO_LOGIN = { username: 'demo', email: 'demo@example.com' } as const;

/** The seeded demo account: never made an operator, and shown as the demo in the console. */
export function isDemoAccount(account: { username: string; email: string }): boolean {
  return account.username === DEMO_LOGIN.username && account.email === DEMO_LOGIN.email;
}
