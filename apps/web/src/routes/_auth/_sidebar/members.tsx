import { createFileRoute } from '@tanstack/react-router';
import { EmptyState, Page } from '../../../components/Page.tsx';
import { requireAccess } from '../../../lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/members')({
  staticData: { title: 'Members' },
  beforeLoad: requireAccess('members'),
  component: MembersPage,
});

function MembersPage() {
  return (
    <Page title="Members">
      <EmptyState title="No members yet" hint="People in this space will be listed here." />
    </Page>
  );
}
