import { createFileRoute } from '@tanstack/react-router';
import { EmptyState, Page } from '../../../components/Page.tsx';
import { requireAccess } from '../../../lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/plan-usage')({
  staticData: { title: 'Plan Usage' },
  beforeLoad: requireAccess('plan-usage'),
  component: PlanUsagePage,
});

function PlanUsagePage() {
  return (
    <Page title="Plan Usage">
      <EmptyState
        title="No usage figures yet"
        hint="Your plan, its limits and what you use of them will be shown here."
      />
    </Page>
  );
}
