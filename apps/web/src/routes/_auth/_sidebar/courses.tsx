import { createFileRoute } from '@tanstack/react-router';
import { EmptyState, Page } from '../../../components/Page.tsx';
import { requireAccess } from '../../../lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/courses')({
  staticData: { title: 'Courses' },
  beforeLoad: requireAccess('courses'),
  component: CoursesPage,
});

function CoursesPage() {
  return (
    <Page title="Courses">
      <EmptyState title="No courses yet" hint="Courses available to you will be listed here." />
    </Page>
  );
}
