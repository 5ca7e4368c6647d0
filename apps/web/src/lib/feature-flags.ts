/**
 * Feature flags persisted locally (spec section 3), under exactly the spec's keys. Values are strings in
 * localStorage: 'true'/'false' for switches, a digit for levels. Storage may be blocked: reads then give
 * the default.
 */
export type FeatureFlag =
  | { key: string; label: string; kind: 'switch'; default: boolean }
  | {
      key: string;
      label: string;
      kind: 'level';
      default: number;
      options: readonly { value: number; label: string }[];
    };

export const FEATURE_FLAGS: readonly FeatureFlag[] = [
  { key: 'enable-view-transition', label: 'View transitions between pages', kind: 'switch', default: false },
  {
    key: 'logger-print-level',
    label: 'Console log level',
    kind: 'level',
    default: 3,
    options: [
      { value: 0, label: 'Verbose' },
      { value: 1, label: 'Info' },
      { value: 2, label: 'Warning' },
      { value: 3, label: 'Error' },
      { value: 4, label: 'Disabled' },
    ],
  },
  {
    key: 'provisioning-force-version',
    label: 'Force provisioning version',
    kind: 'level',
    default: 0,
    options: [
      { value: 0, label: 'Disabled' },
      { value: 1, label: '1' },
      { value: 2, label: '2' },
    ],
  },
  {
    key: 'provisioning-force-webserial',
    label: 'Force Web Serial provisioning',
    kind: 'switch',
    default: false,
  },
  {
    key: 'provisioning-ignore-known-board-filter',
    label: 'Ignore the known-board filter when provisioning',
    kind: 'switch',
    default: false,
  },
  { key: 'table-hover-preload', label: 'Preload a row on hover in tables', kind: 'switch', default: false },
];

function flag(key: string): FeatureFlag {
  const found = FEATURE_FLAGS.find((f) => f.key === key);
  if (!found) throw new Error(`Unknown feature flag ${key}`);
  return found;
}

const storageOf = (storage?: Storage) => storage ?? window.localStorage;

export function readSwitch(key: string, storage?: Storage): boolean {
  const def = flag(key);
  try {
    const raw = storageOf(storage).getItem(key);
    if (raw === 'true') return true;
    if (raw === 'false') return false;
  } catch {
    // Blocked storage: the default.
  }
  return def.kind === 'switch' ? def.default : false;
}

export function readLevel(key: string, storage?: Storage): number {
  const def = flag(key);
  if (def.kind !== 'level') return 0;
  try {
    const raw = storageOf(storage).getItem(key);
    const n = raw === null ? Number.NaN : Number(raw);
    if (def.options.some((o) => o.value === n)) return n;
  } catch {
    // Blocked storage: the default.
  }
  return def.default;
}

export function writeFlag(key: string, value: boolean | number, storage?: Storage): void {
  flag(key);
  try {
    storageOf(storage).setItem(key, String(value));
  } catch {
    // Private modes may refuse storage; the value lasts until the next read.
  }
}
