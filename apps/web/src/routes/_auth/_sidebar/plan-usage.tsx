import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { isExpiredProSpace, planCatalogue } from '@tinkercloud/shared';
import { useServices } from '@/app/services.tsx';
import { EmptyState, Page } from '@/components/Page.tsx';
import { PageLoader } from '@/components/PageLoader.tsx';
import { recapQueryOptions } from '@/features/spaces/api/recap.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { planNames, STATE_TEXT, usageRows } from '@/features/spaces/model/usage.ts';
import { requireAccess } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/plan-usage')({
  staticData: { title: 'Plan Usage' },
  beforeLoad: requireAccess('plan-usage'),
  component: PlanUsagePage,
});

function PlanUsagePage() {
  const { api, config } = useServices();
  const { selected: space } = useSpaces();
  const recap = useQuery(recapQueryOptions(api, config, space.id));
  if (recap.isPending)
    return (
      <Page title="Plan Usage">
        <PageLoader />
      </Page>
    );
  if (recap.isError)
    return (
      <Page title="Plan Usage">
        <EmptyState title="Plan usage could not be loaded" hint={recap.error.message} />
      </Page>
    );
  const names = planNames(recap.data.plans, planCatalogue(config.productSlug, config.productName));
  const limits = recap.data.limits;
  return (
    <Page title="Plan Usage">
      <p className="plan-name" data-testid="plan-name">
        {names.length > 0 ? `Plan: ${names.join(', ')}` : 'Free plan'}
      </p>
      {isExpiredProSpace(space) && (
        <p className="notice notice-warning" role="status">
          This team space has no active plan: it is at its limits until a plan is activated.
        </p>
      )}
      <ul className="usage-list">
        {usageRows(recap.data, space).map((row) => (
          <li key={row.key} className="usage-row" data-state={row.state} data-testid={`usage-${row.key}`}>
            <div className="usage-head">
              <span className="usage-label">{row.label}</span>
              <span className="usage-text">{row.text}</span>
            </div>
            {row.limit !== null && (
              <div
                className="usage-bar"
                role="progressbar"
                aria-label={row.label}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={row.percent}
              >
                <span style={{ width: `${row.percent}%` }} />
              </div>
            )}
            {STATE_TEXT[row.state] && <span className="usage-state">{STATE_TEXT[row.state]}</span>}
          </li>
        ))}
      </ul>
      <h2>Features</h2>
      <ul className="feature-list">
        <li>
          Triggers:{' '}
          {limits.cloud_triggers === null
            ? 'unlimited'
            : limits.cloud_triggers > 0
              ? `up to ${limits.cloud_triggers}`
              : 'not included'}
        </li>
        <li>Over-the-air updates: {limits.ota ? 'included' : 'not included'}</li>
        <li>Foundries: {limits.foundries ? 'included' : 'not included'}</li>
        <li>Edge Impulse: {limits.edge_impulse ? 'included' : 'not included'}</li>
      </ul>
    </Page>
  );
}
