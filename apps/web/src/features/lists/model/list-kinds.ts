/** The group kinds of the server (spec 3, "Group item"). */
export type GroupKind = 'DEVICE' | 'THING' | 'DASHBOARD' | 'SKETCH' | 'TRIGGER';
/** The `{list}` of `GET /groups/v1/{list}`. */
export type ListName = 'devices' | 'things' | 'dashboards' | 'sketches' | 'triggers';

/** What a list page says about its items. */
export interface ListKind {
  list: ListName;
  kind: GroupKind;
  /** "device": in "Move 2 devices", "No device matches". */
  singular: string;
  plural: string;
}

export const LIST_KINDS: Record<ListName, ListKind> = {
  devices: { list: 'devices', kind: 'DEVICE', singular: 'device', plural: 'devices' },
  things: { list: 'things', kind: 'THING', singular: 'thing', plural: 'things' },
  dashboards: { list: 'dashboards', kind: 'DASHBOARD', singular: 'dashboard', plural: 'dashboards' },
  sketches: { list: 'sketches', kind: 'SKETCH', singular: 'sketch', plural: 'sketches' },
  triggers: { list: 'triggers', kind: 'TRIGGER', singular: 'trigger', plural: 'triggers' },
};

/** "1 device", "3 devices". */
export const countOf = (kind: ListKind, n: number) => `${n} ${n === 1 ? kind.singular : kind.plural}`;
