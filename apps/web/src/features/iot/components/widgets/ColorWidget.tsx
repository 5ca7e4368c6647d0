import { propertyKindOf } from '@tinkercloud/shared/iot';
import { isDisplayOnly } from '@/features/dashboards/model/widget-kinds.ts';
import { colorValueToHex, hexToColorValue } from '@/features/iot/model/widgets/color.ts';
import { NoVariable } from './NoVariable.tsx';
import { usePublish } from './use-publish.ts';
import { WriteStatus } from './WriteStatus.tsx';
import type { WidgetProps } from './widget-props.ts';

/** A colour swatch with the browser's colour picker: an HSB (CloudColor) or RGB value, published when picked. */
export function ColorWidget({ widget, variables, currentOf, space, canWrite }: WidgetProps) {
  const variable = variables[0];
  const current = variable ? currentOf(variable) : undefined;
  const { pending, busy, publish, state } = usePublish(space, variable, current);
  if (!variable || !current) return <NoVariable />;
  const rgb = propertyKindOf(variable.type) === 'color-rgb';
  const hex = colorValueToHex(pending ? pending.value : current.value, rgb);
  const readOnly = isDisplayOnly(variable, canWrite);
  return (
    <>
      <div className="widget-color">
        <input
          type="color"
          aria-label={widget.name || variable.name}
          value={hex}
          disabled={readOnly || busy}
          onChange={(event) => void publish(hexToColorValue(event.target.value, rgb, current.value))}
        />
        <code data-testid="widget-value">{hex}</code>
      </div>
      {readOnly && <p className="muted">Read only</p>}
      <WriteStatus state={state} />
    </>
  );
}
