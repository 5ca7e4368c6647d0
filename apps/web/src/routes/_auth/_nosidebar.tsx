import { createFileRoute, Outlet } from '@tanstack/react-router';

/** Full-width pages without navigation (terms acceptance, registration). */
export const Route = createFileRoute('/_auth/_nosidebar')({
  component: () => (
    <main className="content content-narrow">
      <Outlet />
    </main>
  ),
});
