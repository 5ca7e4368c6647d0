import { avatarInitials } from '@tinkercloud/shared';
import { useServices } from '../app/services.tsx';
import { useCurrentUser } from '../features/profile/api/use-current-user.ts';

/** Name and initials; opens a menu with Log out. `<details>` gives keyboard and screen-reader support free. */
export function UserMenu() {
  const { auth } = useServices();
  const { user } = useCurrentUser();
  const name = user.name || user.username || user.email;
  return (
    <details className="user-menu">
      <summary className="user-menu-trigger" data-testid="user-menu">
        <span className="avatar" aria-hidden="true">
          {avatarInitials(name)}
        </span>
        <span className="user-name">{name}</span>
      </summary>
      <div className="user-menu-list" role="menu">
        {user.email && <p className="user-menu-email">{user.email}</p>}
        <button type="button" role="menuitem" className="menu-item" onClick={() => void auth.logout()}>
          Log out
        </button>
      </div>
    </details>
  );
}
