import type { Device, ThingWithProperties, Trigger } from '@/features/iot/api/schemas.ts';
import { statusConditionText, variableConditionText } from './trigger-condition.ts';

/**
 * What a trigger watches, with the names the list of triggers does not carry: the variable's thing and name
 * come from the things (with their variables), the devices' names from the devices. A name that is not
 * known (not loaded, or deleted since) stays undefined and the page shows the id instead.
 */

export interface TriggerLookups {
  variables: ReadonlyMap<string, { name: string; thingId: string; thingName: string }>;
  devices: ReadonlyMap<string, string>;
}

export function triggerLookups(
  things: readonly ThingWithProperties[] | undefined,
  devices: readonly Device[] | undefined,
): TriggerLookups {
  const variables = new Map<string, { name: string; thingId: string; thingName: string }>();
  for (const thing of things ?? []) {
    for (const p of thing.properties ?? []) {
      variables.set(p.id, { name: p.name, thingId: thing.id, thingName: thing.name });
    }
  }
  return { variables, devices: new Map((devices ?? []).map((d) => [d.id, d.name])) };
}

export interface Named {
  id: string;
  name?: string;
}

export type TriggerSource =
  | { kind: 'variable'; variable: Named; thing?: Named; condition: string }
  /** `except`: every device of the space but the listed ones (criteria EXCLUDE). */
  | { kind: 'devices'; except: boolean; devices: Named[]; condition: string }
  | { kind: 'none' };

export function triggerSource(trigger: Trigger, lookups: TriggerLookups): TriggerSource {
  if (trigger.property_id) {
    const id = trigger.property_id;
    const known = lookups.variables.get(id);
    return {
      kind: 'variable',
      variable: { id, name: known?.name },
      thing: known && { id: known.thingId, name: known.thingName },
      condition: variableConditionText(trigger.condition),
    };
  }
  const source = trigger.device_status_source;
  if (source) {
    return {
      kind: 'devices',
      except: source.criteria === 'EXCLUDE',
      devices: (source.device_ids ?? []).map((id) => ({ id, name: lookups.devices.get(id) })),
      condition: statusConditionText(trigger.condition, source),
    };
  }
  return { kind: 'none' };
}
