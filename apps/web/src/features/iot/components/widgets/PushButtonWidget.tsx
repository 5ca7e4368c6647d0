import { NoVariable } from './NoVariable.tsx';
import { usePublish } from './use-publish.ts';
import type { WidgetProps } from './widget-props.ts';

/** A momentary button: a press publishes true, and false once the press is over, as a doorbell would. */
export function PushButtonWidget({ widget, variables, space, canWrite }: WidgetProps) {
  const variable = variables[0];
  const { busy, publish } = usePublish(space, variable);
  if (!variable) return <NoVariable />;
  const writable = canWrite && variable.permission !== 'READ_ONLY';
  const press = async () => {
    await publish(true);
    await publish(false);
  };
  return (
    <button
      type="button"
      className="button widget-push"
      aria-busy={busy}
      disabled={!writable || busy}
      title={writable ? undefined : 'Read only'}
      onClick={() => void press()}
    >
      {widget.name || variable.name}
    </button>
  );
}
