import type { OperatorPlanLimits } from '@tinkercloud/shared';

export const MB = 1024 * 1024;

/** The plan form's fields, in the order shown; `nullable` ones have a "No limit" box. */
export const LIMIT_FIELDS = [
  { key: 'cloud_things', label: 'Things', what: 'things', unit: '', max: 1_000_000 },
  { key: 'devices', label: 'Devices', what: 'devices', unit: '', max: 1_000_000 },
  { key: 'cloud_triggers', label: 'Triggers', what: 'triggers', unit: '', max: 1_000_000 },
  { key: 'cloud_api', label: 'API keys', what: 'API keys', unit: '', max: 1_000_000 },
  {
    key: 'create_compilation_day',
    label: 'Compilations a day',
    what: 'compilations',
    unit: '',
    max: 1_000_000,
  },
  { key: 'create_sketches_disk', label: 'Sketch disk', what: 'sketch disk', unit: 'MB', max: 1_048_576 },
] as const;
export type NullableLimitKey = (typeof LIMIT_FIELDS)[number]['key'];

/** A nullable number as typed: the text of its box and whether "No limit" is ticked. */
export interface LimitDraft {
  text: string;
  unlimited: boolean;
}

export interface PlanDraft {
  limits: Record<NullableLimitKey, LimitDraft>;
  ota: boolean;
  retentionDays: string;
}

function limitDraft(key: NullableLimitKey, value: number | null): LimitDraft {
  if (value === null) return { text: '', unlimited: true };
  const shown = key === 'create_sketches_disk' ? Math.round((value / MB) * 100) / 100 : value;
  return { text: String(shown), unlimited: false };
}

export function toDraft(limits: OperatorPlanLimits): PlanDraft {
  const draft = {} as Record<NullableLimitKey, LimitDraft>;
  for (const field of LIMIT_FIELDS) draft[field.key] = limitDraft(field.key, limits[field.key]);
  return { limits: draft, ota: limits.ota, retentionDays: String(limits.retention_days) };
}

export type DraftErrors = Partial<Record<NullableLimitKey | 'retention_days', string>>;

const WHOLE = /^\d+$/;
const DECIMAL = /^\d+(\.\d{1,2})?$/;

/** The draft as the API's limits, or what is wrong with each field. */
export function fromDraft(
  draft: PlanDraft,
): { limits: OperatorPlanLimits; errors?: undefined } | { limits?: undefined; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const limits = { ota: draft.ota } as OperatorPlanLimits;
  for (const field of LIMIT_FIELDS) {
    const { text, unlimited } = draft.limits[field.key];
    if (unlimited) {
      limits[field.key] = null;
      continue;
    }
    const trimmed = text.trim();
    const disk = field.key === 'create_sketches_disk';
    if (!(disk ? DECIMAL : WHOLE).test(trimmed) || Number(trimmed) > field.max) {
      errors[field.key] =
        `Enter a ${disk ? 'number' : 'whole number'} from 0 to ${field.max.toLocaleString('en')}, or tick No limit.`;
      continue;
    }
    limits[field.key] = disk ? Math.round(Number(trimmed) * MB) : Number(trimmed);
  }
  const days = draft.retentionDays.trim();
  if (!WHOLE.test(days) || Number(days) < 1 || Number(days) > 36_500) {
    errors.retention_days = 'Enter a whole number of days from 1 to 36,500.';
  } else {
    limits.retention_days = Number(days);
  }
  return Object.keys(errors).length > 0 ? { errors } : { limits };
}

export function sameLimits(a: OperatorPlanLimits, b: OperatorPlanLimits): boolean {
  return (Object.keys(a) as (keyof OperatorPlanLimits)[]).every((key) => a[key] === b[key]);
}

/** A limit in words: "No limit", "25", "2048 MB". */
export function limitText(key: NullableLimitKey, value: number | null): string {
  if (value === null) return 'No limit';
  return key === 'create_sketches_disk' ? `${Math.round((value / MB) * 100) / 100} MB` : String(value);
}
