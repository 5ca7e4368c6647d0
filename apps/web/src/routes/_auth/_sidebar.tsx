import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PlanBanners } from '@/features/spaces/components/PlanBanners.tsx';
import { Sidebar } from '@/shell/Sidebar.tsx';

/** The main shell: a 240px sidebar beside the page (spec 2.4). */
export const Route = createFileRoute('/_auth/_sidebar')({
  component: SidebarLayout,
});

function SidebarLayout() {
  return (
    <div className="sidebar-layout">
      <aside className="sidebar-column">
        <Sidebar />
      </aside>
      <main className="content">
        <PlanBanners />
        <Outlet />
      </main>
    </div>
  );
}
