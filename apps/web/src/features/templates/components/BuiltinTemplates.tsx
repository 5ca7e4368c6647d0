import { useQuery } from '@tanstack/react-query';
import type { BuiltinTemplate } from '@tinkercloud/shared/iot';
import { useState } from 'react';
import { AsyncState } from '@/components/AsyncState.tsx';
import { Button } from '@/components/Button.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import { builtinTemplatesQueryOptions, type TemplatesCtx } from '../api/templates.ts';
import { ApplyTemplateForm } from './ApplyTemplateForm.tsx';
import { TemplateContents } from './TemplateContents.tsx';
import '../templates.css';

/**
 * The product's built-in templates. Their ids are names, not UUIDs (spec 3), so they have no /templates/{id}/
 * page (whose id must be a UUID, spec 5): each card opens a dialog that shows what it holds and applies it.
 */
export function BuiltinTemplates({ ctx, canApply }: { ctx: TemplatesCtx; canApply: boolean }) {
  const list = useQuery(builtinTemplatesQueryOptions(ctx));
  const [open, setOpen] = useState<BuiltinTemplate | null>(null);
  return (
    <>
      <AsyncState
        query={list}
        errorTitle="Templates could not be loaded"
        empty={{ title: 'No templates yet' }}
      >
        {(templates) => (
          <ul className="template-grid" aria-label="Built-in templates">
            {templates.map((t) => (
              <li key={t.id} className="card template-card">
                <h2>{t.name}</h2>
                <p className="muted">{t.description}</p>
                <p className="muted">
                  {t.thing_templates.length} thing · {t.dashboard_templates.length} dashboard ·{' '}
                  {t.trigger_templates.length} trigger{t.trigger_templates.length === 1 ? '' : 's'}
                </p>
                <div className="template-card-actions">
                  <Button
                    variant={canApply ? 'primary' : 'subtle'}
                    onClick={() => setOpen(t)}
                    aria-label={`${canApply ? 'Use template' : 'View'} ${t.name}`}
                  >
                    {canApply ? 'Use template' : 'View'}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </AsyncState>
      {open && (
        <Dialog label={open.name} onClose={() => setOpen(null)}>
          <p className="muted">{open.description}</p>
          <TemplateContents
            things={open.thing_templates}
            dashboards={open.dashboard_templates}
            triggers={open.trigger_templates}
          />
          {canApply && (
            <ApplyTemplateForm
              ctx={ctx}
              template={{
                kind: 'builtin',
                id: open.id,
                things: open.thing_templates,
                dashboards: open.dashboard_templates,
              }}
              onCancel={() => setOpen(null)}
            />
          )}
        </Dialog>
      )}
    </>
  );
}
