import { createFileRoute } from '@tanstack/react-router';
import {
  ACTION_LABELS,
  ROLE_OPTIONS,
  ROLE_PERMISSIONS,
  SPACE_ACTIONS,
  type UserType,
  userTypeFromRoles,
} from '@tinkercloud/shared';
import { Page } from '@/components/Page.tsx';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { requireAccess } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/roles-permissions')({
  staticData: { title: 'Roles & Permissions' },
  beforeLoad: requireAccess('roles-permissions'),
  component: RolesPermissionsPage,
});

const USER_TYPE_PHRASES: Record<UserType, string> = {
  admin: 'an admin',
  teacher: 'a teacher',
  student: 'a student',
  editor: 'an editor',
};

/** What each role of this kind of space may do: the same table the server enforces. */
function RolesPermissionsPage() {
  const { selected: space } = useSpaces();
  if (space.space === 'private') return null;
  const roles = ROLE_OPTIONS[space.space];
  // Branding exists only in team spaces.
  const actions = SPACE_ACTIONS.filter((action) => space.space === 'pro' || action !== 'branding.update');
  return (
    <Page title="Roles & Permissions">
      {/* The user type comes from the first role (spec 6.1). */}
      <p className="muted" data-testid="user-type">
        You are {USER_TYPE_PHRASES[userTypeFromRoles(space.roles)]} in {space.name}.
      </p>
      <div className="table-wrap">
        <table className="table permissions">
          <thead>
            <tr>
              <th scope="col">Permission</th>
              {roles.map((role) => (
                <th key={role.value} scope="col">
                  {role.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {actions.map((action) => (
              <tr key={action}>
                <th scope="row">{ACTION_LABELS[action]}</th>
                {roles.map((role) => {
                  const allowed = ROLE_PERMISSIONS[role.value].includes(action);
                  return (
                    <td key={role.value} data-allowed={allowed}>
                      <span aria-hidden="true">{allowed ? '✓' : '–'}</span>
                      <span className="visually-hidden">{allowed ? 'Allowed' : 'Not allowed'}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Page>
  );
}
