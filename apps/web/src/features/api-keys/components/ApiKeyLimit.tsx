import type { ApiKeyAllowance } from '../model/api-key-allowance.ts';
import '../api-keys.css';

/**
 * The plan's rule for API keys in words, and, when no key can be made, the upgrade link of spec 6.4 in place
 * of the create button (none when the spec offers no link for this viewer).
 */
export function ApiKeyLimit({
  allowance,
  upgradeHref,
}: {
  allowance: ApiKeyAllowance;
  upgradeHref: string | null;
}) {
  if (!allowance.text) return null;
  if (allowance.canCreate) {
    return (
      <p className="muted" data-testid="api-key-limit">
        {allowance.text}
      </p>
    );
  }
  return (
    <div className="notice notice-warning api-key-limit" role="status" data-testid="api-key-limit">
      <p>{allowance.text}</p>
      {upgradeHref && (
        <a className="button" href={upgradeHref} data-testid="api-key-upgrade">
          Upgrade plan
        </a>
      )}
    </div>
  );
}
