import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { homeSearchSchema, type OrganizationSpaceType, type Space } from '@tinkercloud/shared';
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { useServices } from '@/app/services.tsx';
import { Page } from '@/components/Page.tsx';
import { PageLoader } from '@/components/PageLoader.tsx';
import { flowFromSearch } from '@/features/home/model/flows.ts';
import { useRenewal } from '@/features/home/use-renewal.ts';
import { useCurrentUser } from '@/features/profile/api/use-current-user.ts';
import { invitationsQueryOptions } from '@/features/spaces/api/invitations.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { canAccess } from '@/lib/access.ts';
import { accessContextFor } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/')({
  staticData: { title: 'Home' },
  validateSearch: homeSearchSchema,
  component: HomePage,
});

// Home is the first signed-in page: its lists, and the flows only a search parameter opens, come in their
// own chunks after the page has painted.
const PendingInvitations = lazy(() => import('@/features/home/components/PendingInvitations.tsx'));
const RecentItems = lazy(() => import('@/features/home/components/RecentItems.tsx'));
const JoinSpaceFlow = lazy(() =>
  import('@/features/home/components/JoinSpaceFlow.tsx').then((m) => ({ default: m.JoinSpaceFlow })),
);
const ProSpaceFlow = lazy(() =>
  import('@/features/home/components/ProSpaceFlow.tsx').then((m) => ({ default: m.ProSpaceFlow })),
);
const GetStartedFlow = lazy(() =>
  import('@/features/home/components/GetStartedFlow.tsx').then((m) => ({ default: m.GetStartedFlow })),
);
const CreateSpaceForm = lazy(() =>
  import('@/features/home/components/CreateSpaceForm.tsx').then((m) => ({ default: m.CreateSpaceForm })),
);

const isPro = (space: Space | undefined): space is Space & { space: OrganizationSpaceType } =>
  space?.space === 'pro';

function HomePage() {
  const { user } = useCurrentUser();
  const { spaces: service, api, config } = useServices();
  const { spaces, selected, branded } = useSpaces();
  const search = Route.useSearch();
  const navigate = useNavigate();
  const name = user.name || user.username;
  // Minors join by code only: they are never invited.
  const invitations = useQuery({ ...invitationsQueryOptions(api, config), enabled: !user.is_minor });
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
      {invitations.data?.length ? (
        <Suspense fallback={<PageLoader />}>
          <PendingInvitations invitations={invitations.data} />
        </Suspense>
      ) : null}
      <Suspense fallback={<PageLoader />}>
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
      </Suspense>
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
