import { createFileRoute } from '@tanstack/react-router';
import { EmptyState, Page } from '../../../components/Page.tsx';
import { requireAccess } from '../../../lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/roles-permissions')({
  staticData: { title: 'Roles & Permissions' },
  beforeLoad: requireAccess('roles-permissions'),
  component: RolesPermissionsPage,
});

function RolesPermissionsPage() {
  return (
    <Page title="Roles & Permissions">
      <EmptyState
        title="No roles to show yet"
        hint="What each role in this space may do will be listed here."
      />
    </Page>
  );
}
