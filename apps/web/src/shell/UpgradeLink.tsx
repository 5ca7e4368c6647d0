import { upgradeTarget } from '@tinkercloud/shared';
import { useServices } from '../app/services.tsx';
import { useViewer } from '../features/spaces/hooks.ts';
import { upgradeHref } from './outside-links.ts';

/** The upgrade link of spec 6.4, once the plans of the space are known. */
export function UpgradeLink() {
  const { config } = useServices();
  const { viewer, plansKnown } = useViewer();
  const target = plansKnown && upgradeTarget(viewer);
  const href = target && upgradeHref(target, config, viewer.plans);
  if (!href) return null;
  return (
    <a className="upgrade-link" href={href} data-testid="upgrade-link">
      Upgrade plan
    </a>
  );
}
