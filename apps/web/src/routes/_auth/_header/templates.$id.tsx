import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import { NotFound } from '@/components/NotFound.tsx';
import { requireAccess } from '@/lib/route-guards.ts';

/**
 * A custom template (spec section 3: a title and a UUID id). This server stores no custom templates: nothing
 * serves `GET /storage/template/v1/{id}` (spec 7.5), and the IoT API's `…/template` routes export a thing,
 * dashboard or trigger by its own id rather than read a stored template. So no id names a template here, a
 * UUID (spec section 5) as little as any other, and the page answers Not Found without asking a route that
 * does not exist.
 */
export const Route = createFileRoute('/_auth/_header/templates/$id')({
  staticData: { title: 'Template' },
  beforeLoad: requireAccess('templates'),
  loader: () => {
    throw notFound();
  },
  // Handled by this route, so the page shows inside the header layout with the menu still at hand.
  notFoundComponent: NotFound,
  component: Outlet,
});
