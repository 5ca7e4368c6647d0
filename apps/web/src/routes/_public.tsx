import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useServices } from '../app/services.tsx';

/** Pages reachable without signing in: a centred card under the product name. */
export const Route = createFileRoute('/_public')({
  component: PublicLayout,
});

function PublicLayout() {
  const { config } = useServices();
  return (
    <div className="public-layout">
      <p className="brand brand-large">{config.productName}</p>
      <main className="public-card">
        <Outlet />
      </main>
    </div>
  );
}
