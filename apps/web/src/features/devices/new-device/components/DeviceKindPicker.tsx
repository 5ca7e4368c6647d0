import { Link } from '@tanstack/react-router';
import { useServices } from '../../../../app/services.tsx';

/** `type=any`: every way to add a device, as links (each one is its own `type`, so it can be shared). */
export function DeviceKindPicker({ thingId }: { thingId?: string | undefined }) {
  const { productSlug, productName } = useServices().config;
  const keep = thingId ? { thingId } : {};
  const choices = [
    {
      search: { type: productSlug, connection: 'serial' as const, ...keep },
      title: `A ${productName} board over USB`,
      hint: 'A board of our catalogue, set up through Web Serial.',
    },
    {
      search: { type: productSlug, connection: 'ble' as const, ...keep },
      title: `A ${productName} board over Bluetooth`,
      hint: 'A board of our catalogue, set up through Web Bluetooth.',
    },
    {
      search: { type: '3p' as const, ...keep },
      title: 'A third-party board',
      hint: 'ESP32, ESP8266 or any MQTT client, with a device ID and a secret key.',
    },
    {
      search: { type: 'unoq' as const, ...keep },
      title: 'An UNO Q',
      hint: 'It connects by itself once set up with App Lab.',
    },
    {
      search: { type: 'none' as const, ...keep },
      title: 'No board yet',
      hint: 'A device the simulator plays until your hardware arrives.',
    },
  ];
  return (
    <nav aria-label="Kinds of device">
      <ul className="card-list new-device-kinds">
        {choices.map((c) => (
          <li key={c.title}>
            <Link to="/devices/new/" search={c.search} className="card new-device-kind">
              <span className="new-device-kind-title">{c.title}</span>
              <span className="muted">{c.hint}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
