import { createFileRoute, Outlet } from '@tanstack/react-router';
import { HeaderBar } from '@/shell/HeaderBar.tsx';
import { HeaderPortalProvider } from '@/shell/header-portal.tsx';

/** Detail pages: a header bar whose menu button opens the sidebar as a slide-in dialog (spec 2.1). */
export const Route = createFileRoute('/_auth/_header')({
  component: HeaderLayout,
});

function HeaderLayout() {
  return (
    <HeaderPortalProvider>
      <div className="header-layout">
        <HeaderBar />
        <main className="content">
          <Outlet />
        </main>
      </div>
    </HeaderPortalProvider>
  );
}
