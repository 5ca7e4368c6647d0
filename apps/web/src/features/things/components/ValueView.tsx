import { propertyKindOf } from '@tinkercloud/shared/iot';
import { formatValue } from '@/features/iot/model/value-kind.ts';
import { scheduleWords } from '@/features/iot/model/widgets/schedule.ts';
import { colorCss, locationText, unitOf } from '../model/value-display.ts';

const num = (value: unknown, field: string) => (value as Record<string, unknown> | null)?.[field];
const onOff = (on: unknown) => (on === true ? 'On' : on === false ? 'Off' : '–');

/** A colour square with its value in words for those who do not see it. */
function Swatch({ value }: { value: unknown }) {
  const css = colorCss(value);
  if (!css) return <>{formatValue(value)}</>;
  return (
    <span className="value-color">
      <span className="value-swatch" style={{ background: css }} aria-hidden="true" />
      <span>
        {'hue' in (value as object)
          ? `H ${num(value, 'hue')}° S ${num(value, 'sat')}% B ${num(value, 'bri')}%`
          : `R ${num(value, 'r')} G ${num(value, 'g')} B ${num(value, 'b')}`}
      </span>
    </span>
  );
}

/**
 * A variable's last value shown by what it is: booleans as an on/off state, colours as swatches, places as
 * coordinates (with a map link), schedules in words, numbers with their unit; "–" before the first value.
 * The element with `data-testid="variable-value"` holds the value itself (without the unit).
 */
export function ValueView({ type, value }: { type: string; value: unknown }) {
  if (value === undefined || value === null) return <span data-testid="variable-value">–</span>;
  const kind = propertyKindOf(type);
  switch (kind) {
    case 'boolean':
      return (
        <span data-testid="variable-value" className={`value-bool${value === true ? ' value-bool-on' : ''}`}>
          {onOff(value)}
        </span>
      );
    case 'number':
    case 'integer': {
      const unit = unitOf(type);
      return (
        <span className="value-number">
          <span data-testid="variable-value">{formatValue(value)}</span>
          {/* A non-breaking space: a number and its unit never part at the end of a line. */}
          {unit && <span className="value-unit">{`\u00a0${unit}`}</span>}
        </span>
      );
    }
    case 'color':
    case 'color-rgb':
      return (
        <span data-testid="variable-value">
          <Swatch value={value} />
        </span>
      );
    case 'colored-light':
      return (
        <span data-testid="variable-value" className="value-group">
          <span>{onOff(num(value, 'swi'))}</span>
          <Swatch value={value} />
        </span>
      );
    case 'dimmed-light':
      return (
        <span data-testid="variable-value">
          {onOff(num(value, 'swi'))}, brightness {formatValue(num(value, 'bri'))}%
        </span>
      );
    case 'location': {
      const text = locationText(value);
      if (!text) return <span data-testid="variable-value">{formatValue(value)}</span>;
      const href = `https://www.openstreetmap.org/?mlat=${num(value, 'lat')}&mlon=${num(value, 'lon')}#map=14/${num(value, 'lat')}/${num(value, 'lon')}`;
      return (
        <span data-testid="variable-value">
          <a href={href} target="_blank" rel="noreferrer">
            {text}
          </a>
        </span>
      );
    }
    case 'schedule':
      return <span data-testid="variable-value">{scheduleWords(value) ?? formatValue(value)}</span>;
    case 'television':
      return (
        <span data-testid="variable-value">
          {onOff(num(value, 'swi'))}, channel {formatValue(num(value, 'cha'))}, volume{' '}
          {formatValue(num(value, 'vol'))}
          {num(value, 'mut') === true ? ' (muted)' : ''}
        </span>
      );
    default:
      return <span data-testid="variable-value">{formatValue(value)}</span>;
  }
}
