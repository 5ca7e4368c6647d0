import { avatarInitials } from '@tinkercloud/shared';
import { useServices } from '../app/services.tsx';
import { Dialog } from '../components/Dialog.tsx';
import { useCurrentUser } from '../features/profile/api/use-current-user.ts';

/** The signed-in account as the profile describes it, with the way to change it on the identity site. */
export default function AccountDialog({ onClose }: { onClose: () => void }) {
  const { config } = useServices();
  const { user } = useCurrentUser();
  const name = user.name || user.username;
  const avatar = typeof user.avatar === 'string' && user.avatar ? user.avatar : user.picture;
  return (
    <Dialog label="Account" onClose={onClose}>
      <div className="account-card">
        {avatar ? (
          <img className="avatar avatar-large" src={avatar} alt="" />
        ) : (
          <span className="avatar avatar-large" aria-hidden="true">
            {avatarInitials(name || user.email)}
          </span>
        )}
        <dl className="facts">
          <dt>Name</dt>
          <dd>{name || '—'}</dd>
          <dt>Username</dt>
          <dd>{user.username || '—'}</dd>
          <dt>E-mail</dt>
          <dd>{user.email || '—'}</dd>
        </dl>
      </div>
      {config.links?.account && (
        <a className="button button-subtle" href={config.links.account}>
          Manage your account
        </a>
      )}
    </Dialog>
  );
}
