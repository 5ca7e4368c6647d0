import { Link } from '@tanstack/react-router';
import { showFreePlanBanner, showMinorBanner } from '@tinkercloud/shared';
import { useServices } from '@/app/services.tsx';
import { INSTALLED_FROM_STORE_KEY, readFlag } from '@/lib/local-flags.ts';
import { billingUrl } from '@/shell/outside-links.ts';
import { useViewer } from '../hooks.ts';

/**
 * The join-or-upgrade banner of spec 2.5 and 4.4: the free-plan banner (SEE PLANS) or the minor banner
 * (JOIN SHARED SPACE); neither in a branded deployment nor in the store-installed app.
 */
export function PlanBanners() {
  const { config } = useServices();
  const { viewer, plansKnown, spaces, branded } = useViewer();
  const deployment = { branded: branded !== null, installedFromStore: readFlag(INSTALLED_FROM_STORE_KEY) };

  if (showMinorBanner(viewer.isMinor, spaces.length, deployment)) {
    return (
      <aside className="banner" aria-label="Join a shared space" data-testid="minor-banner">
        <p>Work with your class: join the shared space of your school.</p>
        <Link to="/" search={{ 'join-space': 'yes' }} className="button">
          JOIN SHARED SPACE
        </Link>
      </aside>
    );
  }
  if (plansKnown && showFreePlanBanner(viewer, deployment)) {
    const plans = billingUrl(config);
    return (
      <aside className="banner" aria-label="Your plan" data-testid="free-plan-banner">
        <p>You are on the free plan. Get more things, storage and triggers with a paid plan.</p>
        {plans ? (
          <a href={plans} className="button">
            SEE PLANS
          </a>
        ) : (
          <Link to="/plans/" className="button">
            SEE PLANS
          </Link>
        )}
      </aside>
    );
  }
  return null;
}
