import { type FormEvent, useState } from 'react';
import { Dialog } from '@/components/Dialog.tsx';
import { FormField } from '@/components/FormField.tsx';
import { CHART_AGGREGATIONS, chartAggregationOf } from '@/features/iot/model/chart-aggregation.ts';
import type { LinkedVariable } from '../api/dashboard-schemas.ts';
import type { EditorWidget } from '../model/editor-widgets.ts';
import { rangeOf, variablesFor, type WidgetKind } from '../model/widget-kinds.ts';

interface WidgetConfigDialogProps {
  widget: EditorWidget;
  kind: WidgetKind;
  /** Every variable of the space; the picker offers those the widget's kind can show. */
  variables: readonly LinkedVariable[];
  onSave: (widget: EditorWidget) => void;
  onClose: () => void;
}

/**
 * Sets a widget's name, its linked variable, and min/max (range widgets), text (sticky notes) or how a
 * chart folds each bucket's values (its aggregation).
 */
export function WidgetConfigDialog({ widget, kind, variables, onSave, onClose }: WidgetConfigDialogProps) {
  const offered = variablesFor(kind, variables);
  const [name, setName] = useState(widget.name);
  const [variableId, setVariableId] = useState(widget.variables[0]?.id ?? '');
  const initialRange = rangeOf(widget.options);
  const [min, setMin] = useState(String(initialRange.min));
  const [max, setMax] = useState(String(initialRange.max));
  const [text, setText] = useState(typeof widget.options.text === 'string' ? widget.options.text : '');
  const [rangeError, setRangeError] = useState<string | null>(null);
  const charts = kind.type === 'chart';
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
    if (kind.standalone) options.text = text;
    if (charts) options.aggregation = aggregation;
    const variable = offered.find((v) => v.id === variableId);
    // The picker sets the first linked variable; more (a chart's second series) stay as they were.
    const others = widget.variables.slice(1).filter((v) => v.id !== variable?.id);
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
        {kind.standalone ? (
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
                  ? 'Variables the dashboard can write, of a type this widget shows.'
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
