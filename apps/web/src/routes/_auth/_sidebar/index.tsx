import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { homeSearchSchema, type OrganizationSpaceType, type Space } from '@tinkercloud/shared';
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { useServices } from '@/app/services.tsx';
import { Page } from '@/components/Page.tsx';
import { PageLoader } from '@/components/PageLoader.tsx';
import { CreateSpaceForm } from '@/features/home/components/CreateSpaceForm.tsx';
import { GetStartedFlow } from '@/features/home/components/GetStartedFlow.tsx';
import { JoinSpaceFlow } from '@/features/home/components/JoinSpaceFlow.tsx';
import { PendingInvitations } from '@/features/home/components/PendingInvitations.tsx';
import { ProSpaceFlow } from '@/features/home/components/ProSpaceFlow.tsx';
import { flowFromSearch } from '@/features/home/model/flows.ts';
import { useRenewal } from '@/features/home/use-renewal.ts';
import { useCurrentUser } from '@/features/profile/api/use-current-user.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { canAccess } from '@/lib/access.ts';
import { accessContextFor } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/')({
  staticData: { title: 'Home' },
  validateSearch: homeSearchSchema,
  component: HomePage,
});

// Home is the first signed-in page: its lists come in their own chunk, after the page has painted.
const RecentItems = lazy(() => import('@/features/home/components/RecentItems.tsx'));

const isPro = (space: Space | undefined): space is Space & { space: OrganizationSpaceType } =>
  space?.space === 'pro';

function HomePage() {
  const { user } = useCurrentUser();
  const { spaces: service } = useServices();
  const { spaces, selected, branded } = useSpaces();
  const search = Route.useSearch();
  const navigate = useNavigate();
  const name = user.name || user.username;
  const flow = flowFromSearch(search, { isMinor: user.is_minor, spaces });
  const clear = useCallback(() => void navigate({ to: '/', search: {}, replace: true }), [navigate]);
  const open = (next: Record<string, string>) => void navigate({ to: '/', search: next });

  useRenewal(search.renewal_id, clear);
  // Minors, and My Cloud in a branded deployment, may open none of the lists' pages: Home lists nothing.
  const showsItems = canAccess('devices', accessContextFor(selected, user.is_minor, branded !== null));

  // A space_id selects that space; a team space also opens its set-up flow (spec 4.3).
  const spaceId = search.space_id;
  const known = spaces.some((space) => space.id === spaceId);
  useEffect(() => {
    if (spaceId && known) service.select(spaceId);
  }, [spaceId, known, service]);

  return (
    <Page title="Home">
      <p className="welcome">{name ? `Welcome, ${name}!` : 'Welcome!'}</p>
      {/* Minors join by code only: they are never invited. */}
      {!user.is_minor && <PendingInvitations />}
      {flow?.flow === 'join' && <JoinSpaceFlow key={flow.code} initialCode={flow.code} onFinish={clear} />}
      {flow?.flow === 'pro-space' && isPro(spaces.find((s) => s.id === flow.spaceId)) && (
        <ProSpaceFlow
          space={spaces.find((s) => s.id === flow.spaceId) as Space & { space: 'pro' }}
          onFinish={clear}
        />
      )}
      {flow?.flow === 'get-started' && (
        <GetStartedFlow
          isMinor={user.is_minor}
          onJoin={() => open({ 'join-space': 'yes' })}
          onFinish={clear}
        />
      )}
      {flow?.flow === 'create' && (
        <section className="flow-card" aria-label="Create a space">
          <h2>Create a space</h2>
          <CreateSpaceForm
            initialKind={flow.kind}
            onCreated={(id, kind) => (kind === 'pro' ? open({ space_id: id }) : clear())}
            onCancel={clear}
          />
        </section>
      )}
      {!flow && (
        <>
          {selected.space !== 'private' && <p className="muted">You are working in {selected.name}.</p>}
          {showsItems && (
            <Suspense fallback={<PageLoader />}>
              <RecentItems />
            </Suspense>
          )}
          <div className="home-actions">
            <Link to="/" search={{ 'join-space': 'yes' }} className="button button-subtle">
              Join a space
            </Link>
            {/* A branded deployment offers its organisation only: a new space would not be listed. */}
            {!user.is_minor && !branded && (
              <Link to="/" search={{ kind: 'edu' }} className="button button-subtle">
                Create a space
              </Link>
            )}
          </div>
        </>
      )}
    </Page>
  );
}
