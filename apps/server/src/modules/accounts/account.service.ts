import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createAuditLog } from '../audit/audit-log.ts';
import { inTransaction } from '../spaces/transaction.ts';
import { passwordResetMail, verificationMail } from './account.mails.ts';
import { createAccountRepository, type TokenPurpose, toAccount, type UserRow } from './account.repository.ts';
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
import { type DeletedAccount, type DeletedBy, deleteAccount } from './account-deletion.ts';
import { isDemoAccount } from './demo-account.ts';
import { createOperatorsRepository } from './operators.repository.ts';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from './password.ts';
import { createTokenValidity, tokenEpoch } from './token-validity.ts';

type AccountLogger = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

export interface RegisterInput {
  email: string;
  username: string;
  name?: string | undefined;
  password: string;
  isMinor: boolean;
  /** `YYYY-MM-DD`; required for minors. */
  birthday?: string | undefined;
  /**
   * Made by the person on the sign-up page (not seeded, like the demo account): on a fresh install the first
   * adult one becomes the operator.
   */
  signUp?: boolean | undefined;
}

/** Where a sign-in comes from, for the audit log. */
interface SignInContext {
  ip?: string | undefined;
}

/** The operators as a server starts (its start-up log). */
export interface OperatorsAtStart {
  /** Usernames of the operators. */
  operators: string[];
  /** Nobody holds the first-operator seat yet: the next adult sign-up (or first external sign-in) takes it. */
  seatOpen: boolean;
}

/** A user's sessions ended in this process: a password reset, or the account deleted. */
interface SessionsEnded {
  userId: string;
  /** The user's API keys were deleted too (on request at a reset; always with the account). */
  apiKeysRevoked: boolean;
  accountDeleted: boolean;
}

interface ResetOptions {
  /** Also deletes every API key of the user, so tokens made with them stop working too. */
  revokeApiKeys?: boolean;
}

/** How the owner confirms deleting their own account. */
interface DeleteConfirmation {
  /** The current password, for accounts that have one. */
  password?: string | undefined;
  /** The username, for accounts without a password (external provider). */
  username?: string | undefined;
}

export interface AccountService {
  /** Creates an embedded account; AppError 'validation_error' or 'conflict' with a message fit for the user. */
  register(input: RegisterInput): Promise<Account>;
  /**
   * Checks e-mail-or-username and password; counts the login (and its time) and records it in the audit log,
   * failures too. AppError 'unauthorized' with a generic message; 'forbidden' (`ACCOUNT_DISABLED`) for an
   * account an operator disabled, once the password was right.
   */
  authenticate(login: string, password: string, context?: SignInContext): Promise<Account>;
  /** Counts a sign-in that did not go through authenticate (the automatic one right after sign-up). */
  recordLogin(userId: string, context?: SignInContext): Promise<Account>;
  /** Whether the next adult sign-up becomes the first operator (the sign-up page says so). */
  operatorSeatOpen(): Promise<boolean>;
  /**
   * At start-up: flags the accounts `OPERATORS` names, closes the first-operator seat of a server that had
   * accounts before operators existed, and says who the operators are.
   */
  prepareOperators(): Promise<OperatorsAtStart>;
  /**
   * Makes or unmakes an operator. AppError 'conflict' for the last working operator (none would be left) and
   * for a minor (operators are adults); 'not_found' for no user. False when nothing changed.
   */
  setOperator(userId: string, operator: boolean): Promise<boolean>;
  /**
   * Disables an account (no sign-in; its sessions end, its tokens and API keys are refused within the token
   * check's bound) or enables it again. False when it already was so.
   */
  setDisabled(userId: string, disabled: boolean): Promise<boolean>;
  /** Marks the e-mail address verified without a mailed link (an operator vouches). False when it was. */
  markEmailVerified(userId: string): Promise<boolean>;
  findById(id: string): Promise<Account | null>;
  /** Mails a verification link (valid 24 h). AppError 'conflict' when already verified, 'not_found' for no user. */
  sendVerificationEmail(userId: string): Promise<void>;
  /** Uses a verification token once. AppError 'bad_request' when invalid, used or expired. */
  verifyEmail(token: string): Promise<Account>;
  /** Mails a reset link (valid 1 h) when the address belongs to an account; silent otherwise. */
  requestPasswordReset(email: string): Promise<void>;
  /** True when the reset token can still be used (to show the form or an "expired" page). */
  isResetTokenValid(token: string): Promise<boolean>;
  /**
   * Sets a new password with a reset token (used once); also marks the e-mail verified. Every earlier access
   * token, session and refresh token of the account stops working; API keys too when asked.
   */
  resetPassword(token: string, newPassword: string, options?: ResetOptions): Promise<Account>;
  /**
   * True when an access token of the user issued at `issuedAt` (JWT `iat`, seconds) still counts: the account
   * exists and the token is not older than its last password reset (`apiKey`: existence only). Read from the
   * database, cached per process for at most `tokenCheckTtlMs`.
   */
  tokenAccepted(userId: string, issuedAt: unknown, opts?: { apiKey?: boolean }): Promise<boolean>;
  /** Calls `listener` (in this process) after a user's sessions ended; returns the unsubscribe function. */
  onSessionsEnded(listener: (event: SessionsEnded) => void): () => void;
  /**
   * The owner deletes their account, confirming with the password (or the username for accounts without
   * one). AppError 'forbidden' on a wrong confirmation, 'conflict' when the user is a space's last admin.
   */
  deleteOwnAccount(userId: string, confirmation: DeleteConfirmation): Promise<DeletedAccount>;
  /** The operator deletes an account by e-mail or username (no confirmation). */
  deleteAccountByLogin(login: string, by?: DeletedBy): Promise<{ account: Account } & DeletedAccount>;
  /** An operator deletes an account (no confirmation); recorded in the audit log with `by` as the actor. */
  deleteAccount(userId: string, by: DeletedBy): Promise<DeletedAccount>;
  /** Records the terms acceptance (idempotent: the first acceptance time is kept). */
  acceptTerms(userId: string): Promise<Account>;
  /** Finds or creates the local user for an identity from an external OpenID Connect provider. */
  upsertExternalUser(identity: ExternalIdentity): Promise<Account>;
  /** Deletes mailed tokens that expired more than a day ago (housekeeping). */
  purgeExpiredTokens(): Promise<void>;
}

interface AccountServiceDeps {
  db: Database;
  mailer: Mailer;
  /** `operators` (`OPERATORS`): none when absent. */
  config: Pick<Config, 'publicUrl' | 'productName'> & Partial<Pick<Config, 'operators'>>;
  logger: AccountLogger;
  /**
   * Runs once for each new account (sign-up or first external sign-in), after its row is committed. A failure
   * is logged and never fails the sign-up.
   */
  onAccountCreated?: (account: Account) => Promise<void>;
  /** How long a process trusts what it read of an account for token checks (default TOKEN_CHECK_TTL_MS). */
  tokenCheckTtlMs?: number;
  /** The clock of those checks (tests). */
  now?: () => number;
}

const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;
const INVALID_LOGIN = 'Invalid e-mail/username or password.';
export const ACCOUNT_DISABLED =
  'This account has been disabled by the operator of this server. Ask them to enable it again.';
const LAST_OPERATOR =
  'This is the last operator of this server: make another account an operator first, or none would be left.';
const MINOR_OPERATOR = 'An account for users under 18 cannot be an operator.';
/** What the audit log keeps of a login typed at a failed sign-in. */
const TYPED_LOGIN_MAX = 100;

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const validation = (message: string) => new AppError('validation_error', message);

export function createAccountService(deps: AccountServiceDeps): AccountService {
  const repo = createAccountRepository(deps.db);
  const operators = createOperatorsRepository(deps.db);
  const audit = createAuditLog({ db: deps.db, logger: deps.logger });
  const { publicUrl, productName } = deps.config;
  const namedOperators = new Set(deps.config.operators ?? []);
  /** `OPERATORS` names this new account (the demo account never is an operator; minors neither). */
  const named = (account: { username: string; email: string; isMinor: boolean }) =>
    !account.isMinor &&
    !isDemoAccount(account) &&
    (namedOperators.has(account.username.toLowerCase()) || namedOperators.has(account.email.toLowerCase()));
  const validity = createTokenValidity({ db: deps.db, ttlMs: deps.tokenCheckTtlMs, now: deps.now });
  const listeners = new Set<(event: SessionsEnded) => void>();

  function sessionsEnded(event: SessionsEnded) {
    validity.forget(event.userId);
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (err) {
        deps.logger.error({ err, userId: event.userId }, 'sessions-ended listener failed');
      }
    }
  }

  async function removeAccount(userId: string, by?: DeletedBy): Promise<DeletedAccount> {
    const done = await deleteAccount(deps.db, userId, by);
    sessionsEnded({ userId, apiKeysRevoked: true, accountDeleted: true });
    deps.logger.info({ userId, deletedSpaces: done.deletedSpaces.length }, 'account deleted');
    return done;
  }

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

  /** The audit entry of a sign-in: with a password, or the automatic one right after sign-up. */
  const recordSignIn = (row: { id: string; username: string }, ip: string | undefined, via: string) =>
    audit.record({
      action: 'user.signed_in',
      actorId: row.id,
      actorLabel: row.username,
      targetType: 'user',
      targetId: row.id,
      targetLabel: row.username,
      ip: ip ?? '',
      details: { via },
    });

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
        const values = { email, username, isMinor: input.isMinor };
        const row = await repo.insert(
          {
            email,
            username,
            name,
            passwordHash,
            isMinor: input.isMinor,
            birthday: birthday ?? null,
            isOperator: named(values),
          },
          // Adults only; a seeded account (the demo) never takes the seat.
          { claimFirstOperator: input.signUp === true && !input.isMinor && !isDemoAccount(values) },
        );
        deps.logger.info(
          { userId: row.id, isMinor: row.isMinor, isOperator: row.isOperator },
          'account created',
        );
        return await created(toAccount(row));
      } catch (err) {
        // Two sign-ups racing for the same name: the unique index decides.
        if (isUniqueViolation(err))
          throw (await repo.emailTaken(email)) ? emailConflict() : usernameConflict();
        throw err;
      }
    },

    async authenticate(login, password, context = {}) {
      const trimmed = login.trim();
      const row = trimmed ? await repo.findByLogin(trimmed) : null;
      const failed = async (reason: string, code: 'unauthorized' | 'forbidden' = 'unauthorized') => {
        await audit.record({
          action: 'user.sign_in_failed',
          actorId: row?.id ?? null,
          actorLabel: row?.username ?? trimmed.slice(0, TYPED_LOGIN_MAX),
          targetType: 'user',
          targetId: row?.id ?? '',
          targetLabel: row?.username ?? trimmed.slice(0, TYPED_LOGIN_MAX),
          ip: context.ip ?? '',
          details: { reason },
        });
        return new AppError(code, code === 'forbidden' ? ACCOUNT_DISABLED : INVALID_LOGIN);
      };
      if (!row?.passwordHash) {
        await burnPasswordCheck(password);
        throw await failed(row ? 'no_password' : 'unknown_login');
      }
      if (!(await verifyPassword(password, row.passwordHash))) throw await failed('wrong_password');
      // Said only once the password was right: to anyone else a disabled account looks like any other.
      if (row.disabledAt) throw await failed('disabled', 'forbidden');
      if (needsRehash(row.passwordHash))
        await repo.update(row.id, { passwordHash: await hashPassword(password) });
      const updated = await repo.incrementLoginCount(row.id);
      await recordSignIn(row, context.ip, 'password');
      return toAccount(updated ?? row);
    },

    async recordLogin(userId, context = {}) {
      const row = await repo.incrementLoginCount(userId);
      if (!row) throw notFound('User');
      await recordSignIn(row, context.ip, 'sign-up');
      return toAccount(row);
    },

    operatorSeatOpen: () => operators.seatOpen(),

    async prepareOperators() {
      await operators.grantNamed([...namedOperators]);
      if (await operators.closeSeatUnlessFresh()) {
        deps.logger.warn(
          'accounts existed before operators: no sign-up becomes the first operator; name them with OPERATORS',
        );
      }
      return { operators: await operators.usernames(), seatOpen: await operators.seatOpen() };
    },

    async setOperator(userId, operator) {
      const changed = await inTransaction(deps.db, async (tx) => {
        const txOperators = createOperatorsRepository(tx);
        // Locked before the target is read, so the count and the change see the same operators.
        const others = await txOperators.lockOperatorsAndCountOthers(userId);
        const row = await createAccountRepository(tx).findById(userId);
        if (!row) throw notFound('User');
        if (row.isOperator === operator) return false;
        if (operator && row.isMinor) throw new AppError('conflict', MINOR_OPERATOR);
        if (!operator && others === 0) throw new AppError('conflict', LAST_OPERATOR);
        await txOperators.setOperator(userId, operator);
        return true;
      });
      if (changed) deps.logger.info({ userId, operator }, 'operator flag changed');
      return changed;
    },

    async setDisabled(userId, disabled) {
      const row = await mustFind(userId);
      if ((row.disabledAt !== null) === disabled) return false;
      await repo.update(userId, { disabledAt: disabled ? new Date() : null });
      if (disabled) {
        // A refresh token or session could mint new access tokens: they end here; what is out there
        // already is refused by the token check (tokenAccepted) within its bound.
        await repo.endSessions(userId);
        sessionsEnded({ userId, apiKeysRevoked: false, accountDeleted: false });
      } else {
        validity.forget(userId);
      }
      deps.logger.info({ userId, disabled }, disabled ? 'account disabled' : 'account enabled');
      return true;
    },

    async markEmailVerified(userId) {
      const row = await mustFind(userId);
      if (row.emailVerified) return false;
      await repo.update(userId, { emailVerified: true });
      await repo.retireTokens(userId, 'verify_email');
      return true;
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

    async resetPassword(token, newPassword, options = {}) {
      const problem = passwordProblem(newPassword);
      if (problem) throw validation(problem);
      const userId = token ? await repo.consumeToken(sha256(token), 'reset_password') : null;
      if (!userId) throw new AppError('bad_request', 'This password reset link is invalid or has expired.');
      // Following the mailed link proves the address, so it counts as verified too.
      const row = await repo.update(userId, {
        passwordHash: await hashPassword(newPassword),
        emailVerified: true,
        // Whoever knew the old password may hold an access token: tokens issued before now stop counting.
        tokensValidAfter: tokenEpoch(Date.now()),
      });
      if (!row) throw notFound('User');
      await repo.retireTokens(userId, 'reset_password');
      // ... and a session or refresh token, which could mint new ones: all of them end here.
      await repo.endSessions(userId);
      const apiKeysRevoked = options.revokeApiKeys === true;
      if (apiKeysRevoked) await repo.deleteApiKeys(userId);
      sessionsEnded({ userId, apiKeysRevoked, accountDeleted: false });
      deps.logger.info({ userId, apiKeysRevoked }, 'password reset; sessions ended');
      return toAccount(row);
    },

    async acceptTerms(userId) {
      const row = await mustFind(userId);
      if (row.tosAcceptedAt) return toAccount(row);
      const updated = await repo.update(userId, { tosAcceptedAt: new Date() });
      return toAccount(updated ?? row);
    },

    purgeExpiredTokens: () => repo.purgeExpiredTokens(),

    tokenAccepted: (userId, issuedAt, opts) => validity.accepts(userId, issuedAt, opts),

    onSessionsEnded(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    deleteAccount: (userId, by) => removeAccount(userId, by),

    async deleteOwnAccount(userId, confirmation) {
      const row = await mustFind(userId);
      const wrong = () => new AppError('forbidden', 'Wrong password.');
      if (row.passwordHash) {
        const password = confirmation.password ?? '';
        if (!password || !(await verifyPassword(password, row.passwordHash))) throw wrong();
      } else if ((confirmation.username ?? '').trim().toLowerCase() !== row.username.toLowerCase()) {
        throw new AppError('forbidden', 'Type your username to confirm.');
      }
      return removeAccount(userId, { actorId: userId });
    },

    async deleteAccountByLogin(login, by) {
      const row = login.trim() ? await repo.findByLogin(login.trim()) : null;
      if (!row) throw notFound('User');
      return { account: toAccount(row), ...(await removeAccount(row.id, by)) };
    },

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
          const values = {
            email:
              email && !emailProblem(email)
                ? email
                : `${sha256(identity.subject).slice(0, 24)}@external.invalid`,
            username: await uniqueUsername(identity),
            isMinor: identity.isMinor ?? false,
          };
          const row = await repo.insert(
            {
              ...values,
              externalSubject: identity.subject,
              name: name ?? '',
              picture: identity.picture ?? '',
              emailVerified: identity.emailVerified ?? false,
              isOperator: named(values),
              // The provider's sign-in brought them here: their first one.
              lastSignInAt: new Date(),
            },
            // With an external provider the first user seen is the first account signed up.
            { claimFirstOperator: !values.isMinor },
          );
          deps.logger.info({ userId: row.id, isOperator: row.isOperator }, 'external account created');
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
