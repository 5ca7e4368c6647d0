import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { PageLoader } from '@/components/PageLoader.tsx';

// Behind a lazy boundary of its own, so its chunks are listed in this route's chunk, not the first page's.
const PlansPage = lazy(() => import('@/features/plans/components/PlansPage.tsx'));

/**
 * The plans of this server, and asking the operator for one where no store sells them: SEE PLANS and
 * Upgrade plan lead here without STORE_URL (`?plan=` is the plan the upgrade link suggests). Minors, who are
 * never offered a plan, go home (the page's check: nothing of it on the first page).
 */
export const Route = createFileRoute('/_auth/_sidebar/plans')({
  staticData: { title: 'Plans' },
  component: PlansRoute,
});

function PlansRoute() {
  // Read here rather than by a validateSearch, which would sit on the first page.
  const { plan } = Route.useSearch() as { plan?: unknown };
  return (
    <Suspense fallback={<PageLoader />}>
      <PlansPage suggested={typeof plan === 'string' ? plan : undefined} />
    </Suspense>
  );
}
