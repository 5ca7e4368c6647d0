import { Readable } from 'node:stream';
import type { Role } from '@tinkercloud/shared';
import { eq } from 'drizzle-orm';
import { createTestAppWith, type TestApp, type TestAppOptions } from '../../../test/app.ts';
import { users } from '../../db/schema/index.ts';
import type { Account } from '../accounts/account.types.ts';
import { createSpacesRepository } from './spaces.repository.ts';

/** The first bytes of a PNG: enough for the magic-number check. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('fake png body'),
]);

/** A multipart/form-data body with one file part. */
export function multipart(field: string, data: Buffer, filename = 'logo.png', type = 'image/png') {
  const boundary = `----tc${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * A multipart/form-data body streamed as Node's fetch sends a Blob: the part's head, then the file in 64 KiB
 * pieces, one event-loop turn apart so the server reads each on its own. With `bytes` a multiple of 64 KiB
 * and one piece over a limit that is too, the piece that crosses the limit starts exactly at it.
 */
export function streamedMultipart(
  field: string,
  head: Buffer,
  bytes: number,
  type = 'application/octet-stream',
) {
  const boundary = `----tc${Math.random().toString(16).slice(2)}`;
  const piece = 64 * 1024;
  async function* parts() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="upload.bin"\r\nContent-Type: ${type}\r\n\r\n`,
    );
    for (let sent = 0; sent < bytes; sent += piece) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      const chunk = Buffer.alloc(Math.min(piece, bytes - sent), 7);
      if (sent === 0) head.copy(chunk);
      yield chunk;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return { payload: Readable.from(parts()), contentType: `multipart/form-data; boundary=${boundary}` };
}

type SpaceExtra = {
  name?: string;
  planId?: string | null;
  planSeats?: number | null;
  planExpiresAt?: Date | null;
};

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Helpers for the spaces API tests: calls as a user, and fast row factories for spaces and members. */
export function spaceFixtures(t: TestApp) {
  const tokens = new Map<string, string>();
  async function headersFor(userId: string | null, extra: Record<string, string> = {}) {
    if (!userId) return extra;
    let token = tokens.get(userId);
    if (!token) {
      token = await t.tokenFor(userId);
      tokens.set(userId, token);
    }
    return { authorization: `Bearer ${token}`, ...extra };
  }

  /** One API call as `userId` (null: anonymous); JSON payloads are sent as JSON. */
  async function call(
    userId: string | null,
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    return t.app.inject({
      method,
      url,
      headers: await headersFor(userId, headers),
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
    });
  }

  /** A space inserted directly (fast), with the given members and roles. */
  async function insertSpace(
    kind: 'edu' | 'pro',
    members: [userId: string, role: Role][],
    extra: SpaceExtra = {},
  ) {
    const repo = createSpacesRepository(t.db);
    const org = await repo.insert({
      name: extra.name ?? `${kind} space`,
      space: kind,
      joinCode: Math.random().toString(36).slice(2, 10).toUpperCase().padEnd(8, 'X'),
      planId: extra.planId ?? null,
      planSeats: extra.planSeats ?? null,
      planExpiresAt: extra.planExpiresAt ?? null,
    });
    for (const [userId, role] of members) await repo.insertMembership(org.id, userId, [role]);
    return org;
  }

  /** A new account for each of `roles`, members of one new space of `kind` with that role. */
  async function spaceOfNewUsers(kind: 'edu' | 'pro', roles: Role[], extra: SpaceExtra) {
    const accounts: Account[] = [];
    for (const _ of roles) accounts.push(await t.createUser());
    const space = await insertSpace(
      kind,
      accounts.map((a, i) => [a.id, roles[i] as Role]),
      extra,
    );
    return [space, accounts as [Account, Account]] as const;
  }

  return {
    call,
    headersFor,

    /** Marks the account's e-mail address verified (e-mail invitations reach verified addresses only). */
    async verified(account: Account): Promise<Account> {
      await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, account.id));
      return { ...account, emailVerified: true };
    },

    /** Adding a member the way the API allows it: invited by `inviterId`, then accepted by the invitee. */
    async addMember(inviterId: string, orgId: string, invitee: Account, role: Role) {
      const sent = await call(inviterId, 'POST', `/classroom/v1/organizations/${orgId}/members`, {
        members: [{ login: invitee.username, role }],
      });
      if (sent.statusCode !== 201) throw new Error(`invite failed: ${sent.statusCode} ${sent.body}`);
      const id = sent.json().invitations[0].id as string;
      const accepted = await call(invitee.id, 'POST', `/classroom/v1/invitations/${id}/accept`);
      if (accepted.statusCode !== 200)
        throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
    },

    /** The school most role tests need: a new admin and a new student (`extra`: its plan, seats, name). */
    async school(extra: SpaceExtra = {}) {
      const roles: Role[] = ['role:edu-admin', 'role:edu-student'];
      const [space, [admin, student]] = await spaceOfNewUsers('edu', roles, {
        planId: 'cloud-classroom',
        ...extra,
      });
      return { space, admin, student };
    },

    /** The pro counterpart: a team with a new admin and a new editor. */
    async team(extra: SpaceExtra = {}) {
      const roles: Role[] = ['role:pro-admin', 'role:pro-editor'];
      const [space, [admin, editor]] = await spaceOfNewUsers('pro', roles, {
        planId: 'cloud-enterprise',
        ...extra,
      });
      return { space, admin, editor };
    },

    space: insertSpace,
  };
}

export type SpaceFixtures = ReturnType<typeof spaceFixtures>;

/** A test file's app (`env` and `options` as `createTestApp` takes them) with the space fixtures over it. */
export const spaceTestApp = (env?: Record<string, string>, options?: TestAppOptions) =>
  createTestAppWith(spaceFixtures, env, options);
