import { Link } from '@tanstack/react-router';
import { Fragment } from 'react';
import type { Named, TriggerSource } from '../model/trigger-source.ts';

/** At most this many devices are named; the rest are counted. */
const NAMED_DEVICES = 3;

/** An id without a known name: its start, the whole id on hover. */
function Unnamed({ what, id }: { what: string; id: string }) {
  return (
    <span className="muted" title={id}>
      {what} {id.slice(0, 8)}
    </span>
  );
}

function DeviceName({ device }: { device: Named }) {
  return device.name === undefined ? (
    <Unnamed what="Device" id={device.id} />
  ) : (
    <Link to="/devices/$id/" params={{ id: device.id }}>
      {device.name}
    </Link>
  );
}

function DeviceList({ devices }: { devices: Named[] }) {
  const named = devices.slice(0, NAMED_DEVICES);
  const more = devices.length - named.length;
  return (
    <>
      {named.map((device, i) => (
        <Fragment key={device.id}>
          {i > 0 && ', '}
          <DeviceName device={device} />
        </Fragment>
      ))}
      {more > 0 && ` and ${more} more`}
    </>
  );
}

/** What a trigger watches (the thing's variable, or devices) and, below it, when it fires. */
export function TriggerSourceCell({ source }: { source: TriggerSource }) {
  if (source.kind === 'none') return <span className="muted">Nothing</span>;
  if (source.kind === 'variable') {
    const { thing, variable } = source;
    return (
      <>
        {thing && (
          <>
            <Link to="/things/$id/" params={{ id: thing.id }}>
              {thing.name}
            </Link>
            {' › '}
          </>
        )}
        {variable.name ?? <Unnamed what="Variable" id={variable.id} />}
        <span className="table-sub">When it {source.condition}</span>
      </>
    );
  }
  const { devices, except } = source;
  const one = devices.length === 1 && !except;
  return (
    <>
      {except ? (
        devices.length === 0 ? (
          'Any device'
        ) : (
          <>
            Any device but <DeviceList devices={devices} />
          </>
        )
      ) : (
        <DeviceList devices={devices} />
      )}
      <span className="table-sub">
        When {one ? 'it' : 'one'} {source.condition}
      </span>
    </>
  );
}
