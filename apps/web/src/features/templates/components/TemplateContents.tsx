import type { DashboardTemplate, ThingTemplate, TriggerTemplate } from '@tinkercloud/shared/iot';
import '../templates.css';

/** What a template makes: its things with their variables, its dashboards with their widgets, its triggers. */
export function TemplateContents({
  things,
  dashboards,
  triggers,
}: {
  things: readonly ThingTemplate[];
  dashboards: readonly DashboardTemplate[];
  triggers: readonly TriggerTemplate[];
}) {
  const thingName = (id: string) => things.find((t) => t.id === id)?.name ?? id;
  return (
    <div className="template-parts">
      <section className="card" aria-labelledby="template-things">
        <h2 id="template-things">Things ({things.length})</h2>
        <ul>
          {things.map((t) => (
            <li key={t.id}>
              <strong>{t.name}</strong>
              {t.variables.length === 0 ? (
                ' — no variables'
              ) : (
                <ul>
                  {t.variables.map((v) => (
                    <li key={v.name}>
                      {v.variable_name ?? v.name}{' '}
                      <span className="muted">
                        ({v.type}, {v.permission === 'READ_WRITE' ? 'read and write' : 'read only'})
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="template-dashboards">
        <h2 id="template-dashboards">Dashboards ({dashboards.length})</h2>
        {dashboards.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <ul>
            {dashboards.map((d) => (
              <li key={d.id}>
                <strong>{d.name}</strong>
                <ul>
                  {d.widgets.map((w, i) => (
                    // Widgets of a template have no ids of their own: their place is their identity.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    <li key={i}>
                      {w.name || w.type} <span className="muted">({w.type}</span>
                      {w.variables?.length ? (
                        <span className="muted">
                          : {w.variables.map((v) => `${thingName(v.thing_id)}.${v.variable_id}`).join(', ')}
                        </span>
                      ) : null}
                      <span className="muted">)</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="template-triggers">
        <h2 id="template-triggers">Triggers ({triggers.length})</h2>
        {triggers.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <ul>
            {triggers.map((t) => (
              <li key={t.id}>
                <strong>{t.name}</strong>{' '}
                <span className="muted">
                  {t.linked_property
                    ? `watches ${thingName(t.linked_property.thing_id)}.${t.linked_property.property_id}`
                    : `watches the devices of ${(t.linked_devices ?? []).map((d) => thingName(d.thing_id)).join(', ')}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
