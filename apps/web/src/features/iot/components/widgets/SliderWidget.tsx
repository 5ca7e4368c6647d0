import { propertyKindOf } from '@tinkercloud/shared/iot';
import { useEffect, useRef, useState } from 'react';
import { rangeOf } from '@/features/dashboards/model/widget-kinds.ts';
import { formatValue } from '@/features/iot/model/value-kind.ts';
import { NoVariable } from './NoVariable.tsx';
import { usePublish } from './use-publish.ts';
import { WriteStatus } from './WriteStatus.tsx';
import type { WidgetProps } from './widget-props.ts';

/** How long the slider rests before its value is published, so dragging sends one value, not fifty. */
export const SLIDER_SETTLE_MS = 300;

/** A range input between the widget's min and max that publishes the value it comes to rest on. */
export function SliderWidget({ widget, variables, currentOf, space, canWrite }: WidgetProps) {
  const variable = variables[0];
  const current = variable ? currentOf(variable) : undefined;
  const { pending, busy, publish, state } = usePublish(space, variable, current);
  const [moving, setMoving] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (!variable || !current) return <NoVariable />;
  const { min, max } = rangeOf(widget.options);
  const stored = current.value;
  const shown = moving ?? (pending ? pending.value : stored);
  const value = typeof shown === 'number' ? Math.min(max, Math.max(min, shown)) : min;
  const writable = canWrite && variable.permission !== 'READ_ONLY';
  const step = propertyKindOf(variable.type) === 'integer' ? 1 : (max - min) / 100;

  const change = (next: number) => {
    setMoving(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setMoving(null);
      void publish(next);
    }, SLIDER_SETTLE_MS);
  };

  return (
    <div className="widget-slider">
      <input
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-label={widget.name || variable.name}
        aria-busy={busy}
        disabled={!writable}
        title={writable ? undefined : 'Read only'}
        onChange={(event) => change(Number(event.target.value))}
      />
      <output className="widget-value" data-testid="widget-value">
        {formatValue(typeof shown === 'number' ? shown : stored)}
      </output>
      <WriteStatus state={state} />
    </div>
  );
}
