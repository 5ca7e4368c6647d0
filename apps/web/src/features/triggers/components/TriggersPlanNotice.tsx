import { UpgradeLink } from '@/shell/UpgradeLink.tsx';

/** Why no trigger can be created under this plan, in the server's words, with spec 6.4's upgrade link. */
export function TriggersPlanNotice({ text }: { text: string }) {
  return (
    <div className="notice notice-warning triggers-plan-notice" data-testid="triggers-plan-notice">
      <p>{text}</p>
      <UpgradeLink />
    </div>
  );
}
