import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { useAuthState, useServices } from '@/app/services.tsx';
import { NotFound } from '@/components/NotFound.tsx';
import { Page } from '@/components/Page.tsx';
import { PageLoader } from '@/components/PageLoader.tsx';
import { pageTitle } from '@/lib/title.ts';
import { operatorQueryOptions } from '../api/operator.ts';
import type { AdminSectionProps } from './section-props.ts';

/** The console's tabs; each page is a chunk of its own, loaded when its tab opens. */
export const ADMIN_SECTIONS = {
  users: { label: 'Users', Page: lazy(() => import('./UsersSection.tsx')) },
  spaces: { label: 'Spaces', Page: lazy(() => import('./SpacesSection.tsx')) },
  plans: { label: 'Plans', Page: lazy(() => import('./PlansSection.tsx')) },
  requests: { label: 'Requests', Page: lazy(() => import('./RequestsSection.tsx')) },
  health: { label: 'Health', Page: lazy(() => import('./HealthSection.tsx')) },
  audit: { label: 'Audit log', Page: lazy(() => import('./AuditSection.tsx')) },
} satisfies Record<string, { label: string; Page: ComponentType<AdminSectionProps> }>;
export type AdminSectionId = keyof typeof ADMIN_SECTIONS;

const isSection = (id: string): id is AdminSectionId => Object.hasOwn(ADMIN_SECTIONS, id);

type ConsoleProps = { section?: string | undefined } & AdminSectionProps;

/**
 * The console at `/admin/{section}/` (`/admin/` is Users): its own tab bar above the tab's page. Operators
 * only: anyone else (and any minor) gets the app's Not Found page, as for a page that does not exist; the
 * answer of `/users/v1/me/operator` is the one the user menu read, kept for the session. An unknown tab is Not Found.
 */
export default function AdminConsole(props: ConsoleProps) {
  const { user } = useAuthState();
  if (user.is_minor) return <NotFoundHere />;
  return <OperatorsOnly userId={user.id} {...props} />;
}

/**
 * The app's Not Found, titled so. (Rendered, not thrown: the router's notFound() thrown from inside this
 * lazily loaded page trips React's `use()` check.)
 */
function NotFoundHere() {
  const { config } = useServices();
  useEffect(() => {
    document.title = pageTitle('Not Found', config.productName);
  }, [config.productName]);
  return <NotFound />;
}

function OperatorsOnly({ userId, ...props }: ConsoleProps & { userId: string }) {
  const { api, config } = useServices();
  // useQuery, not useSuspenseQuery: the only user of the latter without the former here, it split the first
  // page's useQuery chunk in two (bench/web-size.ts).
  const operator = useQuery(operatorQueryOptions(api, config, userId));
  if (operator.isPending) return <PageLoader />;
  if (operator.isError) throw operator.error;
  if (!operator.data) return <NotFoundHere />;
  return <Console {...props} />;
}

function Console({ section = 'users', ...props }: ConsoleProps) {
  if (!isSection(section)) return <NotFoundHere />;
  const { label, Page: Section } = ADMIN_SECTIONS[section];
  return (
    <Page title={`Admin: ${label}`}>
      <nav className="tabs admin-tabs" aria-label="Admin">
        {(Object.keys(ADMIN_SECTIONS) as AdminSectionId[]).map((id) => (
          <Link
            key={id}
            to="/admin/{-$section}/"
            params={{ section: id }}
            className="tab"
            aria-current={id === section ? 'page' : undefined}
            activeOptions={{ exact: true, includeSearch: false }}
          >
            {ADMIN_SECTIONS[id].label}
          </Link>
        ))}
      </nav>
      <Suspense fallback={<PageLoader />}>
        <Section {...props} />
      </Suspense>
    </Page>
  );
}
