import type { ReactNode } from 'react';
import type { TransportPlan } from '../model/web-transports.ts';

export const TRANSPORT_NAME = { serial: 'Web Serial (USB)', ble: 'Web Bluetooth' } as const;

/**
 * How the browser can reach the board, which provisioning protocol it speaks, and (as children) the
 * conversation with the board. The browser speaks only version 2 (Arduino_NetworkConfigurator): version 1
 * is the crypto-chip provisioning of arduino-cloud-cli.
 */
export function TransportNotice({
  plan,
  version,
  children,
}: {
  plan: TransportPlan;
  version: { version: string | null; forced: boolean };
  children?: ReactNode;
}) {
  const v1 = version.version === 'v1';
  return (
    <div className="notice" data-testid="transport">
      <p>
        {plan.available
          ? `This browser can reach the board over ${TRANSPORT_NAME[plan.transport]}.`
          : `This browser has no ${TRANSPORT_NAME[plan.transport]}: set the board up with arduino-cloud-cli, or use a browser that has it. The page still waits for the board to connect.`}
        {plan.forced && ' (Web Serial is forced by a feature flag.)'}
      </p>
      {version.version && (
        <p className="muted">
          Provisioning protocol {version.version}
          {version.forced ? ' (forced by a feature flag)' : ''}.
        </p>
      )}
      {v1 ? (
        <p data-testid="provisioning-v1">
          The browser does not speak provisioning version 1 (the crypto-chip provisioning of
          arduino-cloud-cli). Set the board up from a computer with{' '}
          <code>arduino-cloud-cli device create</code>; the page still waits for the board to connect.
        </p>
      ) : (
        plan.available && children
      )}
    </div>
  );
}
