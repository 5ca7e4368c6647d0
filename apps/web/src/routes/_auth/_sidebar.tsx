import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PlanBanners } from '@/features/spaces/components/PlanBanners.tsx';
import { useCompactLayout } from '@/shell/compact-layout.ts';
import { HeaderBar } from '@/shell/HeaderBar.tsx';
import { Sidebar } from '@/shell/Sidebar.tsx';

/** The main shell: a 240px sidebar beside the page (spec 2.4); on narrow screens the header bar's menu. */
export const Route = createFileRoute('/_auth/_sidebar')({
  component: SidebarLayout,
});

function SidebarLayout() {
  const compact = useCompactLayout();
  return (
    <div className="sidebar-layout">
      {compact ? (
        <HeaderBar />
      ) : (
        <aside className="sidebar-column">
          <Sidebar />
        </aside>
      )}
      <main className="content">
        <PlanBanners />
        <Outlet />
      </main>
    </div>
  );
}
