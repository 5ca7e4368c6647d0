import { triggerBody } from '@tinkercloud/shared/iot';
import { describe, expect, it } from 'vitest';
import type { Trigger } from '@/features/iot/api/schemas.ts';
import { storedEmail, storedPush } from '../testing/stored-actions.ts';
import {
  draftFromTrigger,
  draftProblems,
  draftToBody,
  emptyDraft,
  KEPT_DEVICES,
  parseConditionValue,
  type TriggerDraft,
} from './trigger-draft.ts';

const types: Record<string, string> = {
  temp: 'TEMPERATURE_C',
  count: 'INT',
  label: 'CHARSTRING',
  on: 'STATUS',
  where: 'LOCATION',
};
const typeOf = (id: string) => types[id];
const draft = (patch: Partial<TriggerDraft>): TriggerDraft => ({
  ...emptyDraft('u1'),
  name: 'Hot',
  ...patch,
});

describe('trigger draft', () => {
  it('reads the comparison value as the variable type holds it', () => {
    expect(parseConditionValue('TEMPERATURE_C', '30.5')).toBe(30.5);
    expect(parseConditionValue('INT', '3')).toBe(3);
    expect(parseConditionValue('INT', '3.5')).toBeUndefined();
    expect(parseConditionValue('FLOAT', '')).toBeUndefined();
    expect(parseConditionValue('FLOAT', 'hot')).toBeUndefined();
    expect(parseConditionValue('CHARSTRING', ' open ')).toBe(' open ');
    expect(parseConditionValue('LOCATION', '{"lat":1,"lon":2}')).toEqual({ lat: 1, lon: 2 });
    expect(parseConditionValue('LOCATION', '3')).toBeUndefined();
  });

  it('names what keeps a draft from being sent', () => {
    expect(draftProblems(draft({ name: ' ' }), typeOf).name).toBe('Enter a name for the trigger.');
    expect(draftProblems(draft({}), typeOf).variable).toBe('Choose the variable to watch.');
    // Conditions fit the type: no GT on a boolean, no CONTAINS on a number.
    expect(draftProblems(draft({ propertyId: 'on', operator: 'GT' }), typeOf).variable).toMatch(/condition/);
    expect(draftProblems(draft({ propertyId: 'temp', operator: 'CONTAINS' }), typeOf).variable).toMatch(
      /condition/,
    );
    expect(draftProblems(draft({ propertyId: 'temp', operator: 'GT', value: 'x' }), typeOf).value).toBe(
      'Enter a number.',
    );
    expect(draftProblems(draft({ propertyId: 'count', operator: 'EQ', value: '1.5' }), typeOf).value).toBe(
      'Enter a whole number.',
    );
    expect(draftProblems(draft({ propertyId: 'temp', operator: 'GT', value: '30' }), typeOf)).toEqual({});
    expect(draftProblems(draft({ propertyId: 'on', operator: 'TRUE' }), typeOf)).toEqual({});
    expect(draftProblems(draft({ source: 'device', grace: '-1' }), typeOf).grace).toMatch(/whole seconds/);
    const silent = draft({ propertyId: 'on', operator: 'CHANGED' });
    silent.email = { ...silent.email, enabled: false };
    silent.push = { ...silent.push, enabled: false };
    expect(draftProblems(silent, typeOf).actions).toBe('Choose at least one way to tell.');
    const noSubject = draft({ propertyId: 'on', operator: 'CHANGED' });
    noSubject.email = { ...noSubject.email, title: '' };
    expect(draftProblems(noSubject, typeOf).email).toBe('Enter a subject and a message.');
  });

  it('becomes the PUT /iot/v1/triggers body: condition, e-mail and notification to the author', () => {
    const body = draftToBody(draft({ propertyId: 'temp', operator: 'GT', value: '30' }), typeOf);
    expect(body).toMatchObject({
      name: 'Hot',
      property_id: 'temp',
      condition: { operator: 'GT', value: 30 },
    });
    expect(body.device_status_source).toBeUndefined();
    expect(body.actions?.map((a) => a.kind)).toEqual(['NOTIFY-EMAIL', 'NOTIFY-PUSH']);
    expect(body.actions?.[0]?.email?.delivery.to).toEqual([{ id: 'u1' }]);
    expect(body.actions?.[0]?.email?.subject.expression).toContain('{{property.value}}');
    expect(body.actions?.[1]?.push_notification?.delivery.to).toEqual([{ id: 'u1' }]);
    // Operators without a value send none.
    expect(
      draftToBody(draft({ propertyId: 'label', operator: 'CHANGED', value: 'x' }), typeOf).condition,
    ).toEqual({
      operator: 'CHANGED',
    });
    expect(
      draftToBody(draft({ propertyId: 'label', operator: 'CONTAINS', value: 'err' }), typeOf).condition,
    ).toEqual({ operator: 'CONTAINS', value: 'err' });
  });

  it('sends a device status source with the grace period of the chosen status', () => {
    const offline = draftToBody(
      draft({ source: 'device', deviceId: 'd1', status: 'DISCONNECTED', grace: '60' }),
      typeOf,
    );
    expect(offline.device_status_source).toEqual({
      criteria: 'INCLUDE',
      device_ids: ['d1'],
      grace_period_offline: 60,
    });
    expect(offline.condition).toEqual({ operator: 'DISCONNECTED' });
    expect(offline.property_id).toBeUndefined();
    const any = draftToBody(draft({ source: 'device', grace: '5' }), typeOf);
    expect(any.device_status_source).toEqual({
      criteria: 'EXCLUDE',
      device_ids: [],
      grace_period_online: 5,
      grace_period_offline: 5,
    });
  });

  it('reads an existing trigger back into the form, keeping its recipients', () => {
    const trigger: Trigger = {
      id: 'tr1',
      name: 'Too hot',
      property_id: 'temp',
      condition: { operator: 'GTE', value: 31 },
      actions: [
        {
          id: 'a1',
          name: 'm',
          kind: 'NOTIFY-EMAIL',
          email: {
            subject: { expression: 'S {{property.value}}' },
            body: { expression: 'B' },
            delivery: { to: [{ id: 'u2' }] },
          },
        },
      ],
    };
    const back = draftFromTrigger(trigger, 'u1');
    expect(back).toMatchObject({
      name: 'Too hot',
      source: 'variable',
      propertyId: 'temp',
      operator: 'GTE',
      value: '31',
    });
    expect(back.email).toMatchObject({ enabled: true, title: 'S {{property.value}}', body: 'B', to: ['u2'] });
    expect(back.push.enabled).toBe(false);
    const device = draftFromTrigger(
      {
        id: 'tr2',
        name: 'Gone',
        device_status_source: { criteria: 'INCLUDE', device_ids: ['d1'], grace_period_offline: 300 },
        condition: { operator: 'DISCONNECTED' },
      },
      'u1',
    );
    expect(device).toMatchObject({ source: 'device', deviceId: 'd1', status: 'DISCONNECTED', grace: '300' });
  });

  it('gives back what the form does not show: more actions, copies, declared placeholders, a device set', () => {
    const u = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    const variables = [{ placeholder: 't', entity: 'PROPERTY' as const, attribute: 'VALUE' as const }];
    const trigger: Trigger = {
      id: 'tr3',
      name: 'Door',
      device_status_source: { criteria: 'INCLUDE', device_ids: ['d1', 'd2'], grace_period_offline: 60 },
      condition: { operator: 'DISCONNECTED' },
      actions: [
        {
          id: 'a1',
          name: 'Door (e-mail)',
          kind: 'NOTIFY-EMAIL',
          email: {
            subject: { expression: 'Door {{t}}', variables },
            body: { expression: 'B' },
            delivery: { to: [{ id: u(1) }], cc: [{ id: u(2) }] },
          },
        },
        storedEmail('a2', [u(3)], { name: 'Night shift', title: 'Door', body: 'Night' }),
        storedPush('a3', [], { name: 'Gone' }),
      ],
    };
    const back = draftFromTrigger(trigger, u(1));
    expect(back.deviceId).toBe(KEPT_DEVICES);
    expect(back.droppedActions).toBe(0);
    // The first notification action (no recipient left) is the form's; it gets the editor as recipient.
    expect(back.push.to).toEqual([u(1)]);
    const body = draftToBody({ ...back, email: { ...back.email, title: 'Door is {{t}}' } }, typeOf);
    expect(body.device_status_source).toMatchObject({ criteria: 'INCLUDE', device_ids: ['d1', 'd2'] });
    expect(body.actions?.map((a) => a.name)).toEqual(['Door (e-mail)', 'Door (notification)', 'Night shift']);
    expect(body.actions?.[0]?.email).toEqual({
      subject: { expression: 'Door is {{t}}', variables },
      body: { expression: 'B' },
      delivery: { to: [{ id: u(1) }], cc: [{ id: u(2) }] },
    });
    expect(body.actions?.[2]?.email?.delivery.to).toEqual([{ id: u(3) }]);
    // Choosing "any device" replaces the set.
    expect(draftToBody({ ...back, deviceId: '' }, typeOf).device_status_source).toMatchObject({
      criteria: 'EXCLUDE',
      device_ids: [],
    });
    // Only the kept actions left: still a trigger that tells someone.
    const onlyKept = {
      ...back,
      email: { ...back.email, enabled: false },
      push: { ...back.push, enabled: false },
    };
    expect(draftProblems(onlyKept, typeOf).actions).toBeUndefined();
    expect(draftToBody(onlyKept, typeOf).actions?.map((a) => a.name)).toEqual(['Night shift']);
  });

  it('counts the extra actions that can no longer be sent back', () => {
    const stale = draftFromTrigger(
      {
        id: 'tr4',
        name: 'Hot',
        property_id: 'temp',
        condition: { operator: 'CHANGED' },
        actions: [
          { id: 'a1', name: 'p1', kind: 'NOTIFY-PUSH', push_notification: {} },
          { id: 'a2', name: 'p2', kind: 'NOTIFY-PUSH', push_notification: { delivery: { to: [] } } },
        ],
      },
      'u1',
    );
    expect(stale.otherActions).toEqual([]);
    expect(stale.droppedActions).toBe(1);
  });

  it('sends only people still in the space, and no more than 10 actions', () => {
    const u = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
    const push = (n: number, to: string) => ({
      name: `p${n}`,
      kind: 'NOTIFY-PUSH' as const,
      push_notification: {
        title: { expression: 'T' },
        body: { expression: 'B' },
        delivery: { to: [{ id: to }] },
      },
    });
    const member = (id: string) => id !== u(9);
    const base: TriggerDraft = {
      ...emptyDraft(u(1)),
      name: 'Hot',
      source: 'device',
      email: {
        ...emptyDraft(u(1)).email,
        to: [u(1), u(9)],
        extras: { cc: [{ id: u(9) }], bcc: [{ id: u(2) }] },
      },
      otherActions: [push(1, u(2)), push(2, u(9))],
    };
    const body = draftToBody(base, typeOf, member);
    expect(() => triggerBody.parse(body)).not.toThrow();
    expect(body.actions?.[0]?.email?.delivery).toEqual({ to: [{ id: u(1) }], bcc: [{ id: u(2) }] });
    expect(body.actions?.map((a) => a.name)).toEqual(['Hot (e-mail)', 'Hot (notification)', 'p1']);
    // Only a former member left to tell: no recipient.
    expect(draftProblems({ ...base, push: { ...base.push, to: [u(9)] } }, typeOf, member).push).toBe(
      'This message has no recipient.',
    );
    const crowded = { ...base, otherActions: Array.from({ length: 9 }, (_, i) => push(i, u(2))) };
    expect(draftProblems(crowded, typeOf, member).actions).toMatch(/at most 10 actions/);
    expect(draftProblems({ ...crowded, push: { ...crowded.push, enabled: false } }, typeOf, member)).toEqual(
      {},
    );
  });
});
