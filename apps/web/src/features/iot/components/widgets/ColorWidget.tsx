import { propertyKindOf } from '@tinkercloud/shared/iot';
import { isDisplayOnly } from '@/features/dashboards/model/widget-kinds.ts';
import { colorValueToHex, hexToColorValue } from '@/features/iot/model/widgets/color.ts';
import { NoVariable } from './NoVariable.tsx';
import { usePublish } from './use-publish.ts';
import { useSettled } from './use-settled.ts';
import { WriteStatus } from './WriteStatus.tsx';
import type { WidgetProps } from './widget-props.ts';

/** A colour swatch with the browser's colour picker: an HSB (CloudColor) or RGB value, published when picked. */
export function ColorWidget({ widget, variables, currentOf, space, canWrite }: WidgetProps) {
  const variable = variables[0];
  const current = variable ? currentOf(variable) : undefined;
  const { pending, busy, publish, state } = usePublish(space, variable, current);
  const rgb = variable !== undefined && propertyKindOf(variable.type) === 'color-rgb';
  // Dragging in the picker sends one value once it rests, not one per step.
  const picking = useSettled<string>((hex) => void publish(hexToColorValue(hex, rgb, current?.value)));
  if (!variable || !current) return <NoVariable />;
  const hex = picking.moving ?? colorValueToHex(pending ? pending.value : current.value, rgb);
  const readOnly = isDisplayOnly(variable, canWrite);
  return (
    <>
      <div className="widget-color">
        <input
          type="color"
          aria-label={widget.name || variable.name}
          value={hex}
          disabled={readOnly || busy}
          onChange={(event) => picking.change(event.target.value)}
        />
        <code data-testid="widget-value">{hex}</code>
      </div>
      {readOnly && <p className="muted">Read only</p>}
      <WriteStatus state={state} />
    </>
  );
}
