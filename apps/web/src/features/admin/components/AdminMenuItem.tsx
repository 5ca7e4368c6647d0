import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAuthState, useServices } from '@/app/services.tsx';
import { operatorQueryOptions } from '../api/operator.ts';

/**
 * The user menu's Admin entry, for operators only (never for a minor). A chunk of its own that the menu loads
 * when it first opens, so neither it nor `/users/v1/me/operator` is part of the first page; the answer is kept for
 * the session and also serves the console's guard.
 */
export default function AdminMenuItem() {
  const { api, config } = useServices();
  const { user } = useAuthState();
  const operator = useQuery({ ...operatorQueryOptions(api, config, user.id), enabled: !user.is_minor });
  if (user.is_minor || operator.data !== true) return null;
  return (
    <Link role="menuitem" className="menu-item" to="/admin/{-$section}/" params={{}}>
      Admin
    </Link>
  );
}
