import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { PageLoader } from '@/components/PageLoader.tsx';
import type { AdminSearch } from '@/features/admin/model/search.ts';

// Behind a lazy boundary of its own: what the console needs is listed in this route's chunk, not in the
// first page's list of chunks to preload.
const AdminConsole = lazy(() => import('@/features/admin/components/AdminConsole.tsx'));

/**
 * The operator's console, one route for its tabs (`/admin/`, `/admin/users/` … `/admin/audit/`): every
 * route adds to the first page's route tree, so the tabs are one route whose page picks the tab. The
 * console itself checks that the viewer is an operator (`GET /users/v1/me/operator`, read once per session):
 * anyone else, and every minor, gets the app's Not Found.
 */
export const Route = createFileRoute('/_auth/_header/admin/{-$section}')({
  staticData: { title: 'Admin' },
  // Each tab reads its own parameters (features/admin/model/search.ts); here they only pass through.
  validateSearch: (search: Record<string, unknown>) => search as AdminSearch,
  component: AdminPage,
});

function AdminPage() {
  const { section } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Suspense fallback={<PageLoader />}>
      <AdminConsole
        section={section}
        search={search}
        setSearch={(next, options) => void navigate({ search: next, replace: options?.replace ?? false })}
      />
    </Suspense>
  );
}
