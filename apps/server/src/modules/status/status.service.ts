import type { StatusFeed } from '@tinkercloud/shared';

export interface ComponentCheck {
  name: string;
  /** Resolves when the component is healthy; rejects (or times out) otherwise. */
  check(): Promise<void>;
}

const TIMEOUT_MS = 2_000;

function withTimeout(p: Promise<void>): Promise<void> {
  return Promise.race([
    p,
    new Promise<void>((_, reject) => setTimeout(() => reject(new Error('timed out')), TIMEOUT_MS).unref()),
  ]);
}

/**
 * The public status feed in the statuspage form the SPA reads: the worst of the components decides the
 * indicator. The server answering at all is the first component.
 */
export async function computeStatus(
  components: ComponentCheck[],
): Promise<StatusFeed & { components: { name: string; status: 'operational' | 'major_outage' }[] }> {
  const results = await Promise.all(
    components.map(async (c) => {
      try {
        await withTimeout(c.check());
        return { name: c.name, status: 'operational' as const };
      } catch {
        return { name: c.name, status: 'major_outage' as const };
      }
    }),
  );
  const down = results.filter((r) => r.status !== 'operational').map((r) => r.name);
  const status =
    down.length === 0
      ? { indicator: 'none' as const, description: 'All Systems Operational' }
      : { indicator: 'major' as const, description: `Major outage: ${down.join(', ')}` };
  return { status, components: [{ name: 'API', status: 'operational' }, ...results] };
}
