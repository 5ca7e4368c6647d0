import { Link, useNavigate } from '@tanstack/react-router';
import type { NewDeviceSearch } from '@tinkercloud/shared';
import { type ReactNode, useMemo, useState } from 'react';
import { Page } from '../../../../components/Page.tsx';
import { useSpaces } from '../../../spaces/hooks.ts';
import { browserApis, transportFor } from '../model/web-transports.ts';
import { BoardSetup } from './BoardSetup.tsx';
import { DeviceKindPicker } from './DeviceKindPicker.tsx';
import { KeyedDeviceSetup } from './KeyedDeviceSetup.tsx';
import { OnboardingProgress } from './OnboardingProgress.tsx';
import '../new-device.css';

/** `/devices/new/`: the flow the `type` search parameter names (spec 2.2). */
export function NewDevicePage({ search }: { search: NewDeviceSearch }) {
  const space = useSpaces().selected.id;
  const navigate = useNavigate();
  // The UNO Q link carries no onboarding id: its onboarding lives in the page.
  const [unoqOnboarding, setUnoqOnboarding] = useState<string | null>(null);
  const apis = useMemo(() => browserApis(), []);

  let body: ReactNode = null;
  switch (search.type) {
    case 'any':
      body = <DeviceKindPicker thingId={search.thingId} />;
      break;
    case '3p':
    case 'none':
      body = <KeyedDeviceSetup key={search.type} kind={search.type} thingId={search.thingId} />;
      break;
    case 'unoq':
      body = unoqOnboarding ? (
        <OnboardingProgress space={space} id={unoqOnboarding} />
      ) : (
        <BoardSetup fixedType="unoq" thingId={search.thingId} onStarted={setUnoqOnboarding} />
      );
      break;
    default:
      // The product's own boards: the type is the product slug, so only `connection` tells them apart.
      if (!('connection' in search)) break;
      body = search.id ? (
        <OnboardingProgress key={search.id} space={space} id={search.id} />
      ) : (
        <BoardSetup
          key={search.connection}
          plan={transportFor(search.connection, apis)}
          thingId={search.thingId}
          onStarted={(id) => void navigate({ to: '/devices/new/', search: { ...search, id }, replace: true })}
        />
      );
  }
  return (
    <Page title="New device">
      {search.type !== 'any' && (
        <p>
          <Link
            to="/devices/new/"
            search={{ type: 'any', ...(search.thingId ? { thingId: search.thingId } : {}) }}
          >
            Other kinds of device
          </Link>
        </p>
      )}
      {body}
    </Page>
  );
}
