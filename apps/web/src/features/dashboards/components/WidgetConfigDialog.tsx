import { type FormEvent, useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import { FormField } from '@/components/FormField.tsx';
import { CHART_AGGREGATIONS, chartAggregationOf } from '@/features/iot/model/chart-aggregation.ts';
import { choicesOf, formatChoices, parseChoices } from '@/features/iot/model/widgets/choices.ts';
import { stepOf } from '@/features/iot/model/widgets/stepper.ts';
import { isUploadedImage } from '@/features/media/api/media.ts';
import type { LinkedVariable } from '../api/dashboard-schemas.ts';
import type { EditorWidget } from '../model/editor-widgets.ts';
import { rangeOf, variablesFor, type WidgetKind } from '../model/widget-kinds.ts';
import { WidgetExtraFields } from './WidgetExtraFields.tsx';

interface WidgetConfigDialogProps {
  widget: EditorWidget;
  kind: WidgetKind;
  /** Every variable of the space; the picker offers those the widget's kind can show. */
  variables: readonly LinkedVariable[];
  onSave: (widget: EditorWidget) => void;
  onClose: () => void;
}

/**
 * Sets a widget's name, its linked variable (up to five for an advanced chart), and what its kind needs:
 * min/max, a stepper's step, a selector's choices, an image's address, a sticky note's text, or how a chart
 * folds each bucket's values (its aggregation).
 */
export function WidgetConfigDialog({ widget, kind, variables, onSave, onClose }: WidgetConfigDialogProps) {
  const { config } = useServices();
  const offered = variablesFor(kind, variables);
  const [name, setName] = useState(widget.name);
  const [variableId, setVariableId] = useState(widget.variables[0]?.id ?? '');
  const initialRange = rangeOf(widget.options);
  const [min, setMin] = useState(String(initialRange.min));
  const [max, setMax] = useState(String(initialRange.max));
  const [text, setText] = useState(typeof widget.options.text === 'string' ? widget.options.text : '');
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [more, setMore] = useState<string[]>(widget.variables.slice(1).map((v) => v.id));
  const [step, setStep] = useState(String(stepOf(widget.options)));
  const [choices, setChoices] = useState(formatChoices(choicesOf(widget.options)));
  const [url, setUrl] = useState(typeof widget.options.url === 'string' ? widget.options.url : '');
  const [extraError, setExtraError] = useState<string | null>(null);
  const charts = kind.type === 'chart' || kind.type === 'advanced_chart';
  const [aggregation, setAggregation] = useState<string>(chartAggregationOf(widget.options));
  const things = [...new Set(offered.map((v) => v.thing_name ?? v.thing_id))];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const options: Record<string, unknown> = { ...widget.options };
    if (kind.range) {
      const low = Number(min);
      const high = Number(max);
      if (min.trim() === '' || max.trim() === '' || !Number.isFinite(low) || !Number.isFinite(high)) {
        setRangeError('Enter numbers for the minimum and the maximum.');
        return;
      }
      if (high <= low) {
        setRangeError('The maximum must be greater than the minimum.');
        return;
      }
      options.min = low;
      options.max = high;
    }
    if (charts) options.aggregation = aggregation;
    const variable = offered.find((v) => v.id === variableId);
    setExtraError(null);
    if (kind.step) {
      const n = Number(step);
      if (step.trim() === '' || !Number.isFinite(n) || n <= 0)
        return setExtraError('Enter a step greater than 0.');
      options.step = n;
    }
    if (kind.choices) {
      const parsed = parseChoices(choices, variable?.type);
      if (!parsed.ok) return setExtraError(parsed.error);
      options.choices = parsed.choices;
    }
    if (kind.url) {
      const address = url.trim();
      if (!/^https:\/\/\S+$/.test(address) && !isUploadedImage(config, address))
        return setExtraError('Enter an address starting with https://, or upload an image.');
      options.url = address;
    } else if (kind.standalone) options.text = text;
    // More lines for a multi-variable kind (picked below); a one-variable kind keeps any extra as it was
    // (a chart's second series made through the API).
    const others =
      kind.maxVariables > 1
        ? more.flatMap((id) => offered.filter((v) => v.id === id && v.id !== variable?.id))
        : widget.variables.slice(1).filter((v) => v.id !== variable?.id);
    onSave({ ...widget, name: name.trim(), options, variables: variable ? [variable, ...others] : others });
  };

  return (
    <Dialog label={`Configure ${kind.label}`} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <FormField label="Widget name">
          {(control) => (
            <input
              {...control}
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={256}
              autoComplete="off"
            />
          )}
        </FormField>
        {kind.url ? null : kind.standalone ? (
          <FormField label="Note">
            {(control) => (
              <textarea
                {...control}
                value={text}
                rows={4}
                maxLength={2000}
                onChange={(event) => setText(event.target.value)}
              />
            )}
          </FormField>
        ) : (
          <FormField
            label="Linked variable"
            hint={
              offered.length === 0
                ? `No variable of this space can be shown by a ${kind.label} widget.`
                : kind.writes
                  ? 'Variables of a type this widget shows; on a read-only one it shows the value without a control.'
                  : 'Variables of a type this widget shows.'
            }
          >
            {(control) => (
              <select {...control} value={variableId} onChange={(event) => setVariableId(event.target.value)}>
                <option value="">None</option>
                {things.map((thing) => (
                  <optgroup key={thing} label={thing}>
                    {offered
                      .filter((v) => (v.thing_name ?? v.thing_id) === thing)
                      .map((v) => (
                        <option key={v.id} value={v.id}>
                          {v.name}
                        </option>
                      ))}
                  </optgroup>
                ))}
              </select>
            )}
          </FormField>
        )}
        {kind.range && (
          <>
            <FormField label="Minimum" error={rangeError}>
              {(control) => (
                <input
                  {...control}
                  type="number"
                  value={min}
                  onChange={(event) => setMin(event.target.value)}
                />
              )}
            </FormField>
            <FormField label="Maximum">
              {(control) => (
                <input
                  {...control}
                  type="number"
                  value={max}
                  onChange={(event) => setMax(event.target.value)}
                />
              )}
            </FormField>
          </>
        )}
        <WidgetExtraFields
          kind={kind}
          offered={offered}
          first={variableId}
          more={more}
          onMore={setMore}
          step={step}
          onStep={setStep}
          choices={choices}
          onChoices={setChoices}
          url={url}
          onUrl={setUrl}
          error={extraError}
        />
        {charts && (
          <FormField label="Aggregation" hint="How each point of the chart folds the values of its period.">
            {(control) => (
              <select
                {...control}
                value={aggregation}
                onChange={(event) => setAggregation(event.target.value)}
              >
                {CHART_AGGREGATIONS.map((a) => (
                  <option key={a.value} value={a.value}>
                    {a.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
        <div className="modal-actions">
          <button type="button" className="button button-subtle" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button">
            Apply
          </button>
        </div>
      </form>
    </Dialog>
  );
}
