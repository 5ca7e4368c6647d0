import { useState } from 'react';
import { Dialog } from '../components/Dialog.tsx';
import type { PolicyLink } from './outside-links.ts';

/**
 * Privacy, Terms and Security (spec 2.4): minors read the pages in an embedded frame without leaving the
 * app; everyone else gets links that open the pages.
 */
export default function PolicyDialog({
  links,
  embedded,
  onClose,
}: {
  links: PolicyLink[];
  embedded: boolean;
  onClose: () => void;
}) {
  const [current, setCurrent] = useState(links[0]?.key);
  const shown = links.find((link) => link.key === current) ?? links[0];
  return (
    <Dialog label="Privacy, Terms & Security" onClose={onClose} className="policy-dialog">
      {embedded ? (
        <>
          <div className="segmented" role="tablist">
            {links.map((link) => (
              <button
                key={link.key}
                type="button"
                role="tab"
                className="segment"
                aria-selected={link.key === shown?.key}
                onClick={() => setCurrent(link.key)}
              >
                {link.label}
              </button>
            ))}
          </div>
          {shown && <iframe className="policy-frame" title={shown.label} src={shown.href} />}
        </>
      ) : (
        <ul className="policy-links">
          {links.map((link) => (
            <li key={link.key}>
              <a href={link.href} target="_blank" rel="noreferrer">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
