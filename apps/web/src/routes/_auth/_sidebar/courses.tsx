import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useServices } from '@/app/services.tsx';
import { EmptyState, Page } from '@/components/Page.tsx';
import { PageLoader } from '@/components/PageLoader.tsx';
import { kitsQueryOptions } from '@/features/spaces/api/spaces.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { requireAccess } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/courses')({
  staticData: { title: 'Courses' },
  beforeLoad: requireAccess('courses'),
  component: CoursesPage,
});

/** The kits of the space (the education catalogue in My Cloud) with their courses. */
function CoursesPage() {
  const { api, config } = useServices();
  const { selected } = useSpaces();
  const kits = useQuery(kitsQueryOptions(api, config, selected.id));
  return (
    <Page title="Courses">
      {kits.isPending ? (
        <PageLoader />
      ) : kits.isError ? (
        <EmptyState title="Courses could not be loaded" hint={kits.error.message} />
      ) : kits.data.length === 0 ? (
        <EmptyState title="No courses yet" hint="Courses available to you will be listed here." />
      ) : (
        <ul className="card-list">
          {kits.data.map((kit) => (
            <li key={kit.id} className="card">
              <h2>{kit.name}</h2>
              <p className="muted">{kit.description}</p>
              {kit.courses.length > 0 && (
                <ul className="course-list">
                  {kit.courses.map((course) => (
                    <li key={course.id}>
                      <a href={course.url} target="_blank" rel="noreferrer">
                        {course.title}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
