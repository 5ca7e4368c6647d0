import { useState } from 'react';
import { Dialog } from '../components/Dialog.tsx';
import { FEATURE_FLAGS, readLevel, readSwitch, writeFlag } from '../lib/feature-flags.ts';

/** The locally persisted feature flags of spec section 3; some apply after a reload. */
export default function DevFlagsDialog({ onClose }: { onClose: () => void }) {
  const [, setVersion] = useState(0);
  const set = (key: string, value: boolean | number) => {
    writeFlag(key, value);
    setVersion((v) => v + 1);
  };
  return (
    <Dialog label="Developer flags" onClose={onClose}>
      <p className="muted">Kept in this browser only. Some take effect after a reload.</p>
      <div className="flag-list">
        {FEATURE_FLAGS.map((flag) =>
          flag.kind === 'switch' ? (
            <label key={flag.key} className="flag-row">
              <input
                type="checkbox"
                checked={readSwitch(flag.key)}
                onChange={(event) => set(flag.key, event.target.checked)}
              />
              <span>
                {flag.label} <code>{flag.key}</code>
              </span>
            </label>
          ) : (
            <label key={flag.key} className="flag-row">
              <span>
                {flag.label} <code>{flag.key}</code>
              </span>
              <select
                value={readLevel(flag.key)}
                onChange={(event) => set(flag.key, Number(event.target.value))}
              >
                {flag.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.value} {option.label === String(option.value) ? '' : option.label}
                  </option>
                ))}
              </select>
            </label>
          ),
        )}
      </div>
    </Dialog>
  );
}
