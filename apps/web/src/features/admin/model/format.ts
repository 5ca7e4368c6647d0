import type { AuditAction } from '@tinkercloud/shared';
import { formatDate } from '@/features/iot/model/format-time.ts';

/** A day as people read it, in their locale: the app's one date format. */
export const formatDay = (iso: string): string => formatDate(iso);

/** "Maker until 3 Mar 2027", or "Maker" without an end date. */
export function planWithEnd(plan: { name: string; ends_at: string | null }): string {
  return plan.ends_at ? `${plan.name} until ${formatDay(plan.ends_at)}` : plan.name;
}

/** "3 d 4 h", "5 h 12 min", "42 s": the two largest units. */
export function formatUptime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min ${s % 60} s`;
  return `${s} s`;
}

/** Whole days from now until `iso` (negative once past). */
export function daysUntil(iso: string, now = Date.now()): number {
  return Math.floor((new Date(iso).getTime() - now) / 86_400_000);
}

/** The end date inputs' day as the API's instant: the end of that day, local time. */
export function endOfDay(day: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  return new Date(`${day}T23:59:59`).toISOString();
}

/** Today as a date input's value (the earliest end date one may pick). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.signed_in': 'Signed in',
  'user.sign_in_failed': 'Sign-in failed',
  'user.disabled': 'Account disabled',
  'user.enabled': 'Account enabled',
  'user.email_verified': 'E-mail marked verified',
  'user.password_reset_sent': 'Password-reset link sent',
  'user.operator_granted': 'Made operator',
  'user.operator_revoked': 'Operator removed',
  'account.deleted': 'Account deleted',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'member.role_changed': 'Member role changed',
  'plan.granted': 'Plan granted',
  'plan.ended': 'Plan ended',
  'plan.limits_changed': 'Plan limits changed',
  'plan.defaults_changed': 'Default plans changed',
  'plan_request.created': 'Plan requested',
  'plan_request.granted': 'Plan request granted',
  'plan_request.declined': 'Plan request declined',
  'space.owner_transferred': 'Space owner changed',
  'space.deleted': 'Space deleted',
};

export const SPACE_TYPE_LABELS = { private: 'My Cloud', edu: 'School', pro: 'Team' } as const;
