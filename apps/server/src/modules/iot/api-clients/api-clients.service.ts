import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { ApiClientView } from '@tinkercloud/shared';
import type { Database } from '../../../db/client.ts';
import { AppError, forbidden, notFound } from '../../../errors.ts';
import { createAuditLog } from '../../audit/audit-log.ts';
import { MY_CLOUD, OTHER_SPACE_KEY, type SpaceAccess } from '../../spaces/space-access.ts';
import { inTransaction } from '../../spaces/transaction.ts';
import type { IotQuotas } from '../common/quotas.ts';
import type { IotSpace, SpaceRequest, SpaceResolver } from '../common/space.ts';
import { type ApiClientRow, createApiClientsRepository } from './api-clients.repository.ts';
import type { ClientTokens } from './client-tokens.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Client ids are 32 characters and secrets 64, as arduino-cloud-cli expects (`config/credentials.go`). */
const randomString = (length: number) =>
  Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest();

const INVALID_CLIENT = 'Invalid client credentials.';

/** The audit log's entry of a key made or revoked by its owner (never its secret). */
const keyEntry = (action: 'api_key.created' | 'api_key.revoked', row: ApiClientRow) => ({
  action,
  actorId: row.ownerUserId,
  targetType: 'api_key',
  targetId: row.clientId,
  targetLabel: row.name,
  details: { space_id: row.organizationId ?? 'my-cloud' },
});

function view(row: ApiClientRow): ApiClientView {
  return {
    id: row.clientId,
    client_id: row.clientId,
    name: row.name,
    ...(row.organizationId && { organization_id: row.organizationId }),
    created_at: row.createdAt.toISOString(),
    ...(row.lastUsedAt && { last_used_at: row.lastUsedAt.toISOString() }),
  };
}

/**
 * API keys (client id + secret) of the client-credentials flow. A key belongs to its creator in one space;
 * its secret is shown once and only a SHA-256 of it is stored (it is 64 random characters, ~380 bits, so a
 * fast hash is as safe as a slow one). Keys count against the space's API quota.
 */
export function createApiClientsService(deps: {
  db: Database;
  access: SpaceAccess;
  resolve: SpaceResolver;
  quotas: IotQuotas;
  tokens: ClientTokens;
}) {
  const repo = createApiClientsRepository(deps.db);
  const audit = createAuditLog({ db: deps.db });

  async function own(space: IotSpace, clientId: string): Promise<ApiClientRow> {
    const row = await repo.findByClientId(clientId);
    const sameSpace = row && (row.organizationId ?? null) === space.organizationId;
    if (!row || !sameSpace || row.ownerUserId !== space.actorId) throw notFound('API key');
    return row;
  }

  return {
    async list(ref: SpaceRequest) {
      const space = await deps.resolve(ref, 'api_clients.manage');
      return (await repo.listOwn(space)).map(view);
    },

    async get(ref: SpaceRequest, clientId: string) {
      const space = await deps.resolve(ref, 'api_clients.manage');
      return view(await own(space, clientId));
    },

    async create(ref: SpaceRequest, name: string) {
      const space = await deps.resolve(ref, 'api_clients.manage');
      const secret = randomString(64);
      const row = await inTransaction(deps.db, async (tx) => {
        const txRepo = createApiClientsRepository(tx);
        await deps.quotas.require(tx, space, 'api_clients', () => txRepo.count(space));
        const made = await txRepo.insert({
          organizationId: space.organizationId,
          ownerUserId: space.actorId,
          clientId: randomString(32),
          secretHash: sha256(secret).toString('hex'),
          name,
        });
        await audit.record(keyEntry('api_key.created', made), tx);
        return made;
      });
      return { ...view(row), client_secret: secret };
    },

    async remove(ref: SpaceRequest, clientId: string) {
      const space = await deps.resolve(ref, 'api_clients.manage');
      const row = await own(space, clientId);
      await inTransaction(deps.db, async (tx) => {
        await createApiClientsRepository(tx).delete(row.id);
        await audit.record(keyEntry('api_key.revoked', row), tx);
      });
      deps.tokens.forget(row.clientId);
    },

    /** `POST /iot/v1/clients/token`: checks the key and issues a short-lived JWT carrying the user id. */
    async issueToken(input: { clientId: string; clientSecret: string; organizationId: string | undefined }) {
      const row = await repo.findByClientId(input.clientId);
      const given = sha256(input.clientSecret);
      const stored = row ? Buffer.from(row.secretHash, 'hex') : Buffer.alloc(32);
      if (!row || stored.length !== given.length || !timingSafeEqual(stored, given)) {
        throw new AppError('unauthorized', INVALID_CLIENT);
      }
      let org = input.organizationId === MY_CLOUD ? undefined : input.organizationId;
      if (row.organizationId) {
        if (org && org !== row.organizationId) throw forbidden(OTHER_SPACE_KEY);
        org = row.organizationId;
      }
      // The key's owner must still belong to the space the token is for.
      if (org) await deps.access.membership(row.ownerUserId, org);
      await repo.touch(row.id);
      return deps.tokens.sign({
        userId: row.ownerUserId,
        clientId: row.clientId,
        organizationId: org ?? null,
      });
    },
  };
}
export type ApiClientsService = ReturnType<typeof createApiClientsService>;
