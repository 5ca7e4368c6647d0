import type { ThingWithProperties } from '@/features/iot/api/schemas.ts';
import type { LinkedVariable } from '../api/dashboard-schemas.ts';

/** The variables of the space's things as a widget links them (with their thing's name, for the picker). */
export function spaceVariables(things: readonly ThingWithProperties[]): LinkedVariable[] {
  return things.flatMap((thing) =>
    (thing.properties ?? []).map((p) => ({
      id: p.id,
      name: p.name,
      variable_name: p.variable_name ?? p.name,
      type: p.type,
      permission: p.permission,
      thing_id: thing.id,
      thing_name: thing.name,
      last_value: p.last_value,
    })),
  );
}
