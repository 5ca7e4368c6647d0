import { hasMinMax, propertyKindOf } from '@tinkercloud/shared/iot';

/** A cell count on the desktop (12 columns) or phone (4 columns) grid. */
export interface CellSize {
  w: number;
  h: number;
}

/** One entry of the editor's palette: what the widget shows, its first size and the variables it can link. */
export interface WidgetKind {
  type: string;
  label: string;
  size: CellSize;
  /** Whether a variable of this property type can be shown (and, for writing kinds, written) by the widget. */
  accepts: (propertyType: string) => boolean;
  /** The widget draws its value between a minimum and a maximum the maker sets. */
  range: boolean;
  /** The widget publishes values, so it needs a variable the dashboard may write. */
  writes: boolean;
  /** The widget links no variable at all (a sticky note holds its own text). */
  standalone: boolean;
}

const isBoolean = (type: string) => propertyKindOf(type) === 'boolean';
const isScalar = (type: string) => ['boolean', 'integer', 'number', 'string'].includes(propertyKindOf(type));
const isString = (type: string) => propertyKindOf(type) === 'string';
const never = () => false;

const kind = (type: string, label: string, size: CellSize, accepts: WidgetKind['accepts'], more = {}) => ({
  type,
  label,
  size,
  accepts,
  range: false,
  writes: false,
  standalone: false,
  ...more,
});

/** The palette, in the order the editor offers it. Types are the ones upstream dashboards store. */
export const WIDGET_KINDS: readonly WidgetKind[] = [
  kind('switch', 'Switch', { w: 2, h: 2 }, isBoolean, { writes: true }),
  kind('push_button', 'Push button', { w: 2, h: 2 }, isBoolean, { writes: true }),
  kind('slider', 'Slider', { w: 4, h: 2 }, hasMinMax, { writes: true, range: true }),
  kind('value', 'Value', { w: 2, h: 2 }, isScalar),
  kind('led', 'Status (LED)', { w: 2, h: 2 }, isBoolean),
  kind('gauge', 'Gauge', { w: 3, h: 3 }, hasMinMax, { range: true }),
  kind('percentage', 'Percentage', { w: 2, h: 2 }, hasMinMax, { range: true }),
  kind('chart', 'Chart', { w: 6, h: 4 }, hasMinMax),
  kind('messenger', 'Messenger', { w: 4, h: 4 }, isString),
  kind('sticky_note', 'Sticky note', { w: 3, h: 2 }, never, { standalone: true }),
];

export function widgetKindOf(type: string): WidgetKind | undefined {
  return WIDGET_KINDS.find((k) => k.type === type);
}

/** A variable the picker may offer: its type and whether the dashboard may write it. */
export interface PickableVariable {
  type: string;
  permission: string;
}

/** The variables of the space a widget of this kind can link: the right type, and writable when it writes. */
export function variablesFor<V extends PickableVariable>(kind: WidgetKind, variables: readonly V[]): V[] {
  return variables.filter((v) => kind.accepts(v.type) && (!kind.writes || v.permission !== 'READ_ONLY'));
}

/** A range widget's bounds from its options, 0..100 until the maker sets them. */
export function rangeOf(options: Record<string, unknown> | undefined): { min: number; max: number } {
  const min = typeof options?.min === 'number' ? options.min : 0;
  const max = typeof options?.max === 'number' ? options.max : 100;
  return max > min ? { min, max } : { min, max: min + 1 };
}

/** Where a value sits between min and max, as a fraction clamped to 0..1 (0 for a non-number). */
export function fractionOf(value: unknown, { min, max }: { min: number; max: number }): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  return Math.min(1, Math.max(0, (value - min) / (max - min)));
}
