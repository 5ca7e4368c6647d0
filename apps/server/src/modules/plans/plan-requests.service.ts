import type { PlanRequest } from '@tinkercloud/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { lockForTransaction } from '../../db/locks.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Notifier } from '../iot/notifications/notifier.ts';
import { createSpaceAccess } from '../spaces/space-access.ts';
import { inTransaction } from '../spaces/transaction.ts';
import type { OperatorActor } from './admin-plans.service.ts';
import { planDeclinedMail, planGrantedMail } from './plan-request.mails.ts';
import {
  createPlanRequestsRepository,
  type PlanRequestRecord,
  type PlanRequestStatus,
} from './plan-requests.repository.ts';
import { catalogueFor, planFits } from './plan-rules.ts';
import { createPlanOperator } from './plans.operator.ts';

/** The most requests the operator's list answers at once (the newest). */
const LIST_MAX = 500;

interface CreateInput {
  plan_id: string;
  space_id?: string | undefined;
  seats?: number | undefined;
  message: string;
}

interface DecideInput {
  note: string;
  ends_at?: string | undefined;
}

const ALREADY: Record<Exclude<PlanRequestStatus, 'pending'>, string> = {
  granted: 'This request has been granted already.',
  declined: 'This request has been declined already.',
  withdrawn: 'This request has been withdrawn.',
};

/**
 * Plan requests where no store sells plans (issue 27): a user asks for a plan for their My Cloud or for a
 * space they administer, one pending request per target; an operator grants it (through `plans.operator.ts`,
 * optionally until a date) or declines it. Operators are told of each new request in-app; the requester in-app
 * and by mail of the decision.
 */
export function createPlanRequestsService(deps: {
  db: Database;
  config: Pick<Config, 'productSlug' | 'productName' | 'publicUrl'>;
  audit: AuditLog;
  notifier: Notifier;
  mailer: Mailer;
  logger: Pick<FastifyBaseLogger, 'error'>;
}) {
  const repo = createPlanRequestsRepository(deps.db);
  const access = createSpaceAccess(deps.db);
  const catalogue = catalogueFor(deps.config);
  const planName = (id: string) => catalogue.find((p) => p.id === id)?.name ?? id;
  const targetOf = (r: PlanRequestRecord) => (r.space ? `the space "${r.space.name}"` : 'your My Cloud');

  function view(r: PlanRequestRecord): PlanRequest {
    const q = r.request;
    return {
      id: q.id,
      user: { id: r.user.id, username: r.user.username, email: r.user.email },
      ...(r.space && { space: { id: r.space.id, name: r.space.name } }),
      plan_id: q.planId,
      plan_name: planName(q.planId),
      ...(q.seats !== null && { seats: q.seats }),
      message: q.message,
      status: q.status,
      created_at: q.createdAt.toISOString(),
      ...(q.decidedAt && { decided_at: q.decidedAt.toISOString() }),
      decision_note: q.decisionNote,
    };
  }

  async function found(id: string): Promise<PlanRequestRecord> {
    const r = await repo.find(id);
    if (!r) throw notFound('Plan request');
    return r;
  }

  /** Side effects after the commit: a failed notification or mail is logged, the decision stands. */
  async function tell(what: string, work: () => Promise<unknown>) {
    try {
      await work();
    } catch (err) {
      deps.logger.error({ err }, `plan request: ${what} failed`);
    }
  }

  /** Tells the requester of the decision, in-app and by mail. */
  async function tellRequester(r: PlanRequestRecord, endsAt: Date | null) {
    const granted = r.request.status === 'granted';
    const name = planName(r.request.planId);
    const link = `${deps.config.publicUrl}/plan-usage/`;
    await tell('notification', () =>
      deps.notifier.add([
        {
          userId: r.user.id,
          organizationId: r.space?.id ?? null,
          kind: granted ? 'plan_request.granted' : 'plan_request.declined',
          title: granted ? `Your ${name} plan is active` : `Your ${name} plan request was declined`,
          body: [`${name} for ${targetOf(r)}.`, r.request.decisionNote].filter(Boolean).join(' '),
          link,
          data: { plan_request_id: r.request.id, plan_id: r.request.planId },
        },
      ]),
    );
    const mail = {
      to: r.user.email,
      name: r.user.name,
      productName: deps.config.productName,
      url: link,
      planName: name,
      target: targetOf(r),
      note: r.request.decisionNote,
    };
    await tell('mail', () =>
      deps.mailer.send(granted ? planGrantedMail({ ...mail, endsAt }) : planDeclinedMail(mail)),
    );
  }

  /** Reads a request about to be decided: 404 when it does not exist, 409 when it is not pending. */
  async function pending(id: string): Promise<PlanRequestRecord> {
    const r = await found(id);
    if (r.request.status !== 'pending') throw new AppError('conflict', ALREADY[r.request.status]);
    return r;
  }

  /** Marks it decided inside `tx`; 409 when another decision came first. */
  async function decide(
    tx: Database,
    r: PlanRequestRecord,
    decision: { status: 'granted' | 'declined' | 'withdrawn'; by: string; note: string },
  ) {
    if (!(await createPlanRequestsRepository(tx).decide(r.request.id, decision))) {
      const now = await createPlanRequestsRepository(tx).find(r.request.id);
      const status = now?.request.status;
      throw new AppError('conflict', status && status !== 'pending' ? ALREADY[status] : ALREADY.withdrawn);
    }
  }

  return {
    async mine(userId: string) {
      return { requests: (await repo.ofUser(userId)).map(view) };
    },

    async create(userId: string, body: CreateInput): Promise<PlanRequest> {
      const plan = catalogue.find((p) => p.id === body.plan_id);
      if (!plan) {
        throw new AppError(
          'validation_error',
          `Unknown plan "${body.plan_id}". Plans: ${catalogue.map((p) => p.id).join(', ')}.`,
        );
      }
      // A space's plan is asked for by one of its admins (who may change its settings).
      const org = body.space_id ? (await access.require(userId, body.space_id, 'space.update')).org : null;
      const scope = org ? org.space : 'user';
      if (!planFits(plan, scope)) {
        const fitting = catalogue.filter((p) => planFits(p, scope)).map((p) => p.id);
        throw new AppError(
          'validation_error',
          `${plan.name} (${plan.id}) is not a plan for ${org ? `a ${org.space} space` : 'My Cloud'}; use ${fitting.join(', ')}.`,
        );
      }
      if (!org && body.seats !== undefined) {
        throw new AppError('validation_error', 'Seats apply to spaces only.');
      }
      const id = await inTransaction(deps.db, async (tx) => {
        // One pending request per user and target, also when two arrive at once.
        await lockForTransaction(tx, `plan-request:${userId}:${org?.id ?? 'my-cloud'}`);
        const txRepo = createPlanRequestsRepository(tx);
        if (await txRepo.hasPending(userId, org?.id ?? null)) {
          throw new AppError(
            'conflict',
            'You already have a pending plan request for this; withdraw it to ask for another plan.',
          );
        }
        const inserted = await txRepo.insert({
          userId,
          organizationId: org?.id ?? null,
          planId: plan.id,
          seats: org ? (body.seats ?? null) : null,
          message: body.message,
        });
        await deps.audit.record(
          {
            action: 'plan_request.created',
            actorId: userId,
            targetType: org ? 'space' : 'user',
            targetId: org?.id ?? userId,
            ...(org && { targetLabel: org.name }),
            details: { plan_request_id: inserted, plan_id: plan.id, seats: body.seats ?? null },
          },
          tx,
        );
        return inserted;
      });
      const r = await found(id);
      const operators = await repo.operatorIds();
      await tell('operator notification', () =>
        deps.notifier.add(
          operators.map((operatorId) => ({
            userId: operatorId,
            kind: 'plan_request',
            title: `Plan request from ${r.user.username}`,
            body: `${plan.name} for ${r.space ? `the space "${r.space.name}"` : 'their My Cloud'}.${body.message ? ` ${body.message}` : ''}`,
            link: `${deps.config.publicUrl}/admin/plan-requests`,
            data: { plan_request_id: id, plan_id: plan.id },
          })),
        ),
      );
      return view(r);
    },

    /** The requester takes a pending request back; someone else's is not found. */
    async withdraw(userId: string, id: string): Promise<PlanRequest> {
      const r = await found(id);
      if (r.user.id !== userId) throw notFound('Plan request');
      if (r.request.status !== 'pending') throw new AppError('conflict', ALREADY[r.request.status]);
      await inTransaction(deps.db, (tx) => decide(tx, r, { status: 'withdrawn', by: userId, note: '' }));
      return view(await found(id));
    },

    async list(status: PlanRequestStatus | undefined) {
      return { requests: (await repo.list(status, LIST_MAX)).map(view) };
    },

    /** Grants the plan asked for, in the same transaction as the decision (both or neither). */
    async grant(by: OperatorActor, id: string, body: DecideInput): Promise<PlanRequest> {
      const endsAt = body.ends_at === undefined ? undefined : new Date(body.ends_at);
      if (endsAt && endsAt.getTime() <= Date.now()) {
        throw new AppError('validation_error', 'body/ends_at: must be in the future');
      }
      const r = await pending(id);
      const granted = await inTransaction(deps.db, async (tx) => {
        await decide(tx, r, { status: 'granted', by: by.userId, note: body.note });
        const result = await createPlanOperator({ db: tx, config: deps.config }).grant({
          target: r.space ? { space: r.space.id } : { user: r.user.email },
          planId: r.request.planId,
          seats: r.request.seats ?? undefined,
          endsAt,
        });
        const audited = {
          actorId: by.userId,
          ip: by.ip,
          targetType: r.space ? 'space' : 'user',
          targetId: r.space?.id ?? r.user.id,
          ...(r.space && { targetLabel: r.space.name }),
        };
        const plan = { plan_id: r.request.planId, ends_at: result.expiresAt?.toISOString() ?? null };
        await deps.audit.record(
          { ...audited, action: 'plan_request.granted', details: { plan_request_id: id, ...plan } },
          tx,
        );
        await deps.audit.record(
          {
            ...audited,
            action: 'plan.granted',
            details: { ...plan, seats: result.seats ?? null, plan_request_id: id },
          },
          tx,
        );
        return result;
      });
      const decided = await found(id);
      await tellRequester(decided, granted.expiresAt ?? null);
      return view(decided);
    },

    async decline(by: OperatorActor, id: string, body: DecideInput): Promise<PlanRequest> {
      const r = await pending(id);
      await inTransaction(deps.db, async (tx) => {
        await decide(tx, r, { status: 'declined', by: by.userId, note: body.note });
        await deps.audit.record(
          {
            action: 'plan_request.declined',
            actorId: by.userId,
            ip: by.ip,
            targetType: r.space ? 'space' : 'user',
            targetId: r.space?.id ?? r.user.id,
            ...(r.space && { targetLabel: r.space.name }),
            details: { plan_request_id: id, plan_id: r.request.planId, note: body.note },
          },
          tx,
        );
      });
      const decided = await found(id);
      await tellRequester(decided, null);
      return view(decided);
    },
  };
}
export type PlanRequestsService = ReturnType<typeof createPlanRequestsService>;
