import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { passwordResetMail, verificationMail } from './account.mails.ts';
import {
  createAccountRepository,
  isUniqueViolation,
  type TokenPurpose,
  toAccount,
  type UserRow,
} from './account.repository.ts';
import {
  birthdayProblem,
  conformName,
  emailProblem,
  NAME_MAX,
  nameProblem,
  normaliseEmail,
  passwordProblem,
  USERNAME_MAX,
  usernameProblem,
} from './account.rules.ts';
import type { Account, ExternalIdentity } from './account.types.ts';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from './password.ts';

export type AccountLogger = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

export interface RegisterInput {
  email: string;
  username: string;
  name?: string | undefined;
  password: string;
  isMinor: boolean;
  /** `YYYY-MM-DD`; required for minors. */
  birthday?: string | undefined;
}

export interface AccountService {
  /** Creates an embedded account; AppError 'validation_error' or 'conflict' with a message fit for the user. */
  register(input: RegisterInput): Promise<Account>;
  /** Checks e-mail-or-username and password; counts the login. AppError 'unauthorized' with a generic message. */
  authenticate(login: string, password: string): Promise<Account>;
  /** Counts a sign-in that did not go through authenticate (the automatic one right after sign-up). */
  recordLogin(userId: string): Promise<Account>;
  findById(id: string): Promise<Account | null>;
  /** Mails a verification link (valid 24 h). AppError 'conflict' when already verified, 'not_found' for no user. */
  sendVerificationEmail(userId: string): Promise<void>;
  /** Uses a verification token once. AppError 'bad_request' when invalid, used or expired. */
  verifyEmail(token: string): Promise<Account>;
  /** Mails a reset link (valid 1 h) when the address belongs to an account; silent otherwise. */
  requestPasswordReset(email: string): Promise<void>;
  /** True when the reset token can still be used (to show the form or an "expired" page). */
  isResetTokenValid(token: string): Promise<boolean>;
  /** Sets a new password with a reset token (used once); also marks the e-mail verified. */
  resetPassword(token: string, newPassword: string): Promise<Account>;
  /** Records the terms acceptance (idempotent: the first acceptance time is kept). */
  acceptTerms(userId: string): Promise<Account>;
  /** Finds or creates the local user for an identity from an external OpenID Connect provider. */
  upsertExternalUser(identity: ExternalIdentity): Promise<Account>;
  /** Deletes mailed tokens that expired more than a day ago (housekeeping). */
  purgeExpiredTokens(): Promise<void>;
}

export interface AccountServiceDeps {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'productName'>;
  logger: AccountLogger;
  /**
   * Runs once for each new account (sign-up or first external sign-in), after its row is committed. A failure
   * is logged and never fails the sign-up.
   */
  onAccountCreated?: (account: Account) => Promise<void>;
}

const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;
const INVALID_LOGIN = 'Invalid e-mail/username or password.';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const validation = (message: string) => new AppError('validation_error', message);

export function createAccountService(deps: AccountServiceDeps): AccountService {
  const repo = createAccountRepository(deps.db);
  const { publicUrl, productName } = deps.config;

  async function issueToken(userId: string, purpose: TokenPurpose, ttlMs: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await repo.insertToken({
      userId,
      purpose,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + ttlMs),
    });
    return token;
  }

  async function mustFind(id: string): Promise<UserRow> {
    const row = await repo.findById(id);
    if (!row) throw notFound('User');
    return row;
  }

  async function uniqueUsername(identity: ExternalIdentity): Promise<string> {
    const seed = identity.username || identity.email?.split('@')[0] || identity.name || 'user';
    const base = conformName(seed, USERNAME_MAX - 5) || 'user';
    if (!(await repo.usernameTaken(base))) return base;
    for (let i = 0; i < 20; i++) {
      const candidate = `${base}-${randomInt(1000, 10000)}`;
      if (!(await repo.usernameTaken(candidate))) return candidate;
    }
    return `${base.slice(0, 40)}-${randomBytes(6).toString('hex')}`;
  }

  async function created(account: Account): Promise<Account> {
    try {
      await deps.onAccountCreated?.(account);
    } catch (err) {
      deps.logger.error({ err, userId: account.id }, 'new-account hook failed; the account stays');
    }
    return account;
  }

  return {
    async register(input) {
      const email = normaliseEmail(input.email);
      const username = input.username.trim();
      const name = (input.name ?? '').trim();
      const birthday = input.birthday?.trim() || undefined;
      const problem =
        emailProblem(email) ??
        usernameProblem(username) ??
        nameProblem(name) ??
        passwordProblem(input.password) ??
        birthdayProblem(birthday, input.isMinor);
      if (problem) throw validation(problem);

      const emailConflict = () =>
        new AppError('conflict', 'An account with this e-mail address already exists.');
      const usernameConflict = () =>
        new AppError('conflict', 'This username is already taken. Choose another one.');
      if (await repo.emailTaken(email)) throw emailConflict();
      if (await repo.usernameTaken(username)) throw usernameConflict();

      const passwordHash = await hashPassword(input.password);
      try {
        const row = await repo.insert({
          email,
          username,
          name,
          passwordHash,
          isMinor: input.isMinor,
          birthday: birthday ?? null,
        });
        deps.logger.info({ userId: row.id, isMinor: row.isMinor }, 'account created');
        return await created(toAccount(row));
      } catch (err) {
        // Two sign-ups racing for the same name: the unique index decides.
        if (isUniqueViolation(err))
          throw (await repo.emailTaken(email)) ? emailConflict() : usernameConflict();
        throw err;
      }
    },

    async authenticate(login, password) {
      const trimmed = login.trim();
      const row = trimmed ? await repo.findByLogin(trimmed) : null;
      if (!row?.passwordHash) {
        await burnPasswordCheck(password);
        throw new AppError('unauthorized', INVALID_LOGIN);
      }
      if (!(await verifyPassword(password, row.passwordHash)))
        throw new AppError('unauthorized', INVALID_LOGIN);
      if (needsRehash(row.passwordHash))
        await repo.update(row.id, { passwordHash: await hashPassword(password) });
      const updated = await repo.incrementLoginCount(row.id);
      return toAccount(updated ?? row);
    },

    async recordLogin(userId) {
      const row = await repo.incrementLoginCount(userId);
      if (!row) throw notFound('User');
      return toAccount(row);
    },

    async findById(id) {
      const row = await repo.findById(id);
      return row ? toAccount(row) : null;
    },

    async sendVerificationEmail(userId) {
      const row = await mustFind(userId);
      if (row.emailVerified) throw new AppError('conflict', 'E-mail address already verified.');
      const token = await issueToken(row.id, 'verify_email', VERIFY_TTL_MS);
      const url = `${publicUrl}/auth/verify-email?token=${encodeURIComponent(token)}`;
      await deps.mailer.send(verificationMail({ to: row.email, name: row.name, productName, url }));
    },

    async verifyEmail(token) {
      const userId = token ? await repo.consumeToken(sha256(token), 'verify_email') : null;
      if (!userId) throw new AppError('bad_request', 'This verification link is invalid or has expired.');
      const row = await repo.update(userId, { emailVerified: true });
      if (!row) throw notFound('User');
      await repo.retireTokens(userId, 'verify_email');
      return toAccount(row);
    },

    async requestPasswordReset(emailInput) {
      const email = normaliseEmail(emailInput);
      if (emailProblem(email)) throw validation('Enter a valid e-mail address.');
      const row = await repo.findByEmail(email);
      if (!row) {
        deps.logger.debug('password reset requested for an unknown address');
        return;
      }
      const token = await issueToken(row.id, 'reset_password', RESET_TTL_MS);
      const url = `${publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
      await deps.mailer.send(passwordResetMail({ to: row.email, name: row.name, productName, url }));
    },

    async isResetTokenValid(token) {
      return token ? (await repo.peekToken(sha256(token), 'reset_password')) !== null : false;
    },

    async resetPassword(token, newPassword) {
      const problem = passwordProblem(newPassword);
      if (problem) throw validation(problem);
      const userId = token ? await repo.consumeToken(sha256(token), 'reset_password') : null;
      if (!userId) throw new AppError('bad_request', 'This password reset link is invalid or has expired.');
      // Following the mailed link proves the address, so it counts as verified too.
      const row = await repo.update(userId, {
        passwordHash: await hashPassword(newPassword),
        emailVerified: true,
      });
      if (!row) throw notFound('User');
      await repo.retireTokens(userId, 'reset_password');
      // Whoever knew the old password may hold a session or refresh token: all of them end here.
      await repo.endSessions(userId);
      deps.logger.info({ userId }, 'password reset; sessions ended');
      return toAccount(row);
    },

    async acceptTerms(userId) {
      const row = await mustFind(userId);
      if (row.tosAcceptedAt) return toAccount(row);
      const updated = await repo.update(userId, { tosAcceptedAt: new Date() });
      return toAccount(updated ?? row);
    },

    purgeExpiredTokens: () => repo.purgeExpiredTokens(),

    async upsertExternalUser(identity) {
      if (!identity.subject) throw validation('The identity has no subject.');
      const existing = await repo.findByExternalSubject(identity.subject);
      const name = identity.name?.trim().slice(0, NAME_MAX);
      if (existing) {
        const changes: Partial<UserRow> = {};
        if (name !== undefined && name !== existing.name) changes.name = name;
        if (identity.picture !== undefined && identity.picture !== existing.picture)
          changes.picture = identity.picture;
        if (identity.emailVerified !== undefined && identity.emailVerified !== existing.emailVerified) {
          changes.emailVerified = identity.emailVerified;
        }
        if (identity.isMinor !== undefined && identity.isMinor !== existing.isMinor)
          changes.isMinor = identity.isMinor;
        if (Object.keys(changes).length === 0) return toAccount(existing);
        return toAccount((await repo.update(existing.id, changes)) ?? existing);
      }

      const email = identity.email ? normaliseEmail(identity.email) : '';
      const sameEmail = email && !emailProblem(email) ? await repo.findByEmail(email) : null;
      if (sameEmail) {
        // Link an existing local row only when the provider vouches for the address and the row is not linked.
        if (identity.emailVerified && sameEmail.externalSubject === null) {
          const linked = await repo.update(sameEmail.id, {
            externalSubject: identity.subject,
            emailVerified: true,
          });
          return toAccount(linked ?? sameEmail);
        }
        throw new AppError('conflict', 'Another account already uses this e-mail address.');
      }

      for (let attempt = 0; ; attempt++) {
        try {
          const row = await repo.insert({
            externalSubject: identity.subject,
            email:
              email && !emailProblem(email)
                ? email
                : `${sha256(identity.subject).slice(0, 24)}@external.invalid`,
            username: await uniqueUsername(identity),
            name: name ?? '',
            picture: identity.picture ?? '',
            emailVerified: identity.emailVerified ?? false,
            isMinor: identity.isMinor ?? false,
          });
          deps.logger.info({ userId: row.id }, 'external account created');
          return await created(toAccount(row));
        } catch (err) {
          if (!isUniqueViolation(err) || attempt >= 3) throw err;
          // A concurrent first call for the same subject may have won the race.
          const winner = await repo.findByExternalSubject(identity.subject);
          if (winner) return toAccount(winner);
        }
      }
    },
  };
}
