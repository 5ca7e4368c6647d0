import type { WidgetProps } from './widget-props.ts';

/** A note the maker writes on the dashboard; it links no variable. */
export function StickyNoteWidget({ widget }: WidgetProps) {
  const text = typeof widget.options?.text === 'string' ? widget.options.text : '';
  return <p className="widget-note">{text || 'Empty note'}</p>;
}
