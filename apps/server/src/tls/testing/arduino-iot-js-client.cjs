// The official arduino-iot-js 0.13.0, unmodified, in a process of its own that trusts the server's CA through
// NODE_EXTRA_CA_CERTS: only host, port (and, for an application, the token URL) differ from Arduino's cloud.
// Argument: JSON {host, devicePort, appPort, deviceId, secretKey, clientId, clientSecret, apiUrl, thingId}.
const { ArduinoIoTCloud } = require('arduino-iot-js');

async function main() {
  const o = JSON.parse(process.argv[2]);
  // Device mode: mqtts://mqtts-up.{host}:{port}, user name = device id, password = secret key.
  const device = await ArduinoIoTCloud.connect({
    host: o.host,
    port: o.devicePort,
    deviceId: o.deviceId,
    secretKey: o.secretKey,
  });
  await device.sendProperty('temperature', 22.5);
  console.log(JSON.stringify({ device: 'connected' }));
  // Application mode: token from apiUrl, then wss://wss.{host}:{port}/mqtt.
  const app = await ArduinoIoTCloud.connect({
    host: o.host,
    port: o.appPort,
    clientId: o.clientId,
    clientSecret: o.clientSecret,
    apiUrl: o.apiUrl,
  });
  console.log(JSON.stringify({ application: 'connected' }));
  if (o.thingId) {
    // What the application writes reaches the board's library: both connections carry messages.
    const received = new Promise((resolve) => device.onPropertyValue('message', resolve));
    await app.sendProperty(o.thingId, 'message', 'over TLS');
    console.log(JSON.stringify({ deviceReceived: await received }));
  }
  await device.disconnect();
  await app.disconnect();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
