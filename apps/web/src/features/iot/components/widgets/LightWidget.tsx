import { isDisplayOnly } from '@/features/dashboards/model/widget-kinds.ts';
import { colorValueToHex, hexToRgb, rgbToHsb } from '@/features/iot/model/widgets/color.ts';
import { changeLight, type LightValue, readLight } from '@/features/iot/model/widgets/light.ts';
import { NoVariable } from './NoVariable.tsx';
import { usePublish } from './use-publish.ts';
import { useSettled } from './use-settled.ts';
import { WriteStatus } from './WriteStatus.tsx';
import type { WidgetProps } from './widget-props.ts';

/**
 * A light: an on/off switch and a brightness slider (CloudDimmedLight), plus a colour picker for a coloured
 * light (CloudColoredLight). Each change publishes the whole value with the other fields kept.
 */
function LightWidget({
  widget,
  variables,
  currentOf,
  space,
  canWrite,
  colored,
}: WidgetProps & { colored: boolean }) {
  const variable = variables[0];
  const current = variable ? currentOf(variable) : undefined;
  const { pending, busy, publish, state } = usePublish(space, variable, current);
  const light = readLight(pending ? pending.value : current?.value, colored);
  const send = (change: Partial<LightValue>) => void publish(changeLight(light, change));
  const brightness = useSettled<number>((bri) => send({ bri }));
  const color = useSettled<string>((hex) => {
    const { hue, sat } = rgbToHsb(hexToRgb(hex));
    send({ hue, sat });
  });
  if (!variable || !current) return <NoVariable />;
  const readOnly = isDisplayOnly(variable, canWrite);
  const label = widget.name || variable.name;
  const bri = brightness.moving ?? light.bri;
  // The swatch shows hue and saturation at full brightness: brightness has its own slider.
  const hex = color.moving ?? colorValueToHex({ hue: light.hue, sat: light.sat, bri: 100 }, false);
  return (
    <div className="widget-light" data-on={light.swi}>
      <button
        type="button"
        role="switch"
        className="widget-switch"
        aria-checked={light.swi}
        aria-label={label}
        disabled={readOnly || busy}
        onClick={() => send({ swi: !light.swi })}
      >
        <span className="widget-switch-track" aria-hidden="true">
          <span className="widget-switch-thumb" />
        </span>
        <span>{light.swi ? 'On' : 'Off'}</span>
      </button>
      <label className="widget-light-row">
        <span>Brightness</span>
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={bri}
          disabled={readOnly}
          onChange={(event) => brightness.change(Number(event.target.value))}
        />
        <output data-testid="widget-value">{bri} %</output>
      </label>
      {colored && (
        <label className="widget-light-row">
          <span>Color</span>
          <input
            type="color"
            value={hex}
            disabled={readOnly}
            onChange={(event) => color.change(event.target.value)}
          />
        </label>
      )}
      {readOnly && <p className="muted">Read only</p>}
      <WriteStatus state={state} />
    </div>
  );
}

export const DimmedLightWidget = (props: WidgetProps) => <LightWidget {...props} colored={false} />;
export const ColoredLightWidget = (props: WidgetProps) => <LightWidget {...props} colored />;
