import type { NewWidget } from './dashboards.repository.ts';

/** A widget's kind and layout as the API and templates both carry them (snake_case, mobile sizes optional). */
interface WidgetLayout {
  type: string;
  name?: string | null | undefined;
  options: NewWidget['options'];
  x: number;
  y: number;
  width: number;
  height: number;
  x_mobile?: number | null | undefined;
  y_mobile?: number | null | undefined;
  width_mobile?: number | null | undefined;
  height_mobile?: number | null | undefined;
}

/** The stored columns of a widget's kind and layout: one mapping for dashboards written by the API and by templates. */
export const widgetLayoutColumns = (w: WidgetLayout) => ({
  type: w.type,
  name: w.name ?? null,
  options: w.options,
  x: w.x,
  y: w.y,
  width: w.width,
  height: w.height,
  xMobile: w.x_mobile ?? null,
  yMobile: w.y_mobile ?? null,
  widthMobile: w.width_mobile ?? null,
  heightMobile: w.height_mobile ?? null,
});
