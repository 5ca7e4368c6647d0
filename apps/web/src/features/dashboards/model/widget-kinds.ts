import { declarationOf, hasMinMax, propertyKindOf } from '@tinkercloud/shared/iot';

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
  /** The widget links no variable at all (a sticky note holds its own text, an image its address). */
  standalone: boolean;
  /** How many variables the widget links (an advanced chart draws up to five). */
  maxVariables: number;
  /** The maker sets the presets the widget offers (value selector, value dropdown). */
  choices: boolean;
  /** The maker sets the step of each press (stepper). */
  step: boolean;
  /** The widget shows a picture from an address the maker sets (image). */
  url: boolean;
}

const isBoolean = (type: string) => propertyKindOf(type) === 'boolean';
const isScalar = (type: string) => ['boolean', 'integer', 'number', 'string'].includes(propertyKindOf(type));
const isString = (type: string) => propertyKindOf(type) === 'string';
const isChoosable = (type: string) => ['integer', 'number', 'string'].includes(propertyKindOf(type));
const isColor = (type: string) => ['color', 'color-rgb'].includes(propertyKindOf(type));
const isKind = (kindName: string) => (type: string) => propertyKindOf(type) === kindName;
// CloudTime is an unsigned int in the catalogue; only its declaration tells it from a counter.
const isTime = (type: string) => declarationOf(type) === 'CloudTime';
const never = () => false;

const kind = (type: string, label: string, size: CellSize, accepts: WidgetKind['accepts'], more = {}) => ({
  type,
  label,
  size,
  accepts,
  range: false,
  writes: false,
  standalone: false,
  maxVariables: 1,
  choices: false,
  step: false,
  url: false,
  ...more,
});

/** The palette, in the order the editor offers it. Types are the ones upstream dashboards store. */
export const WIDGET_KINDS: readonly WidgetKind[] = [
  kind('switch', 'Switch', { w: 2, h: 2 }, isBoolean, { writes: true }),
  kind('push_button', 'Push button', { w: 2, h: 2 }, isBoolean, { writes: true }),
  kind('slider', 'Slider', { w: 4, h: 2 }, hasMinMax, { writes: true, range: true }),
  kind('stepper', 'Stepper', { w: 3, h: 2 }, hasMinMax, { writes: true, range: true, step: true }),
  kind('value', 'Value', { w: 2, h: 2 }, isScalar),
  kind('value_selector', 'Value selector', { w: 4, h: 2 }, isChoosable, { writes: true, choices: true }),
  kind('value_dropdown', 'Value dropdown', { w: 3, h: 2 }, isChoosable, { writes: true, choices: true }),
  kind('led', 'Status (LED)', { w: 2, h: 2 }, isBoolean),
  kind('gauge', 'Gauge', { w: 3, h: 3 }, hasMinMax, { range: true }),
  kind('percentage', 'Percentage', { w: 2, h: 2 }, hasMinMax, { range: true }),
  kind('messenger', 'Messenger', { w: 4, h: 4 }, isString, { writes: true }),
  kind('color', 'Color', { w: 2, h: 2 }, isColor, { writes: true }),
  kind('dimmed_light', 'Dimmed light', { w: 3, h: 3 }, isKind('dimmed-light'), { writes: true }),
  kind('colored_light', 'Colored light', { w: 3, h: 3 }, isKind('colored-light'), { writes: true }),
  kind('map', 'Map', { w: 4, h: 4 }, isKind('location')),
  kind('advanced_map', 'Advanced map', { w: 6, h: 4 }, isKind('location')),
  kind('chart', 'Chart', { w: 6, h: 4 }, hasMinMax),
  kind('advanced_chart', 'Advanced chart', { w: 6, h: 4 }, hasMinMax, { maxVariables: 5 }),
  kind('scheduler', 'Scheduler', { w: 4, h: 3 }, isKind('schedule'), { writes: true }),
  kind('time_picker', 'Time picker', { w: 3, h: 2 }, isTime, { writes: true }),
  kind('image', 'Image', { w: 3, h: 3 }, never, { standalone: true, url: true }),
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

/**
 * The variables of the space a widget of this kind can link: those of a type it shows. A writing widget may
 * link a read-only variable too; it then shows the value without a control (`isDisplayOnly`).
 */
export function variablesFor<V extends PickableVariable>(kind: WidgetKind, variables: readonly V[]): V[] {
  return variables.filter((v) => kind.accepts(v.type));
}

/** A writing widget whose variable the dashboard may not write shows its value only. */
export function isDisplayOnly(variable: PickableVariable, canWrite: boolean): boolean {
  return !canWrite || variable.permission === 'READ_ONLY';
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
