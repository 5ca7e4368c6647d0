import { describe, expect, it } from 'vitest';
import {
  BROKER_PLACEHOLDER,
  CLIENT_ID_PLACEHOLDER,
  curlExample,
  type ExampleInputs,
  iotJsExample,
  restClientExample,
} from './examples.ts';
import { serverAddress, tokenUrl } from './server-address.ts';

const filled: ExampleInputs = {
  server: 'https://iot.example.org',
  brokerWsUrl: 'wss://iot.example.org/mqtt',
  clientId: 'AbCdEfGhIjKlMnOpQrStUvWxYz012345',
  thingId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
};
const empty: ExampleInputs = {
  server: 'http://localhost:8080',
  brokerWsUrl: null,
  clientId: null,
  thingId: null,
};

describe('serverAddress', () => {
  it('resolves the config API host against the page origin, without a trailing slash', () => {
    expect(serverAddress('', 'http://localhost:8080')).toBe('http://localhost:8080');
    expect(serverAddress('/api/', 'https://iot.example.org')).toBe('https://iot.example.org/api');
    expect(serverAddress('https://api.example.org', 'https://iot.example.org')).toBe(
      'https://api.example.org',
    );
    expect(tokenUrl('https://iot.example.org')).toBe('https://iot.example.org/iot/v1/clients/token');
  });
});

describe('the REST client example', () => {
  it('gets a token from this server and points ApiClient at it', () => {
    const code = restClientExample(filled);
    expect(code).toContain("require('@arduino/arduino-iot-client')");
    expect(code).toContain('await fetch("https://iot.example.org/iot/v1/clients/token"');
    expect(code).toContain('client_id: "AbCdEfGhIjKlMnOpQrStUvWxYz012345"');
    expect(code).toContain('client_secret: process.env.CLIENT_SECRET');
    expect(code).toContain('new IotApi.ApiClient("https://iot.example.org")');
    expect(code).toContain('new IotApi.ThingsV2Api(client).thingsV2List()');
  });

  it('names where to get a key when there is none', () => {
    expect(restClientExample(empty)).toContain(`client_id: ${JSON.stringify(CLIENT_ID_PLACEHOLDER)}`);
    expect(CLIENT_ID_PLACEHOLDER).toContain('/api-keys/');
  });
});

describe('the arduino-iot-js example', () => {
  it("connects in application mode through this server's token URL and WebSocket broker", () => {
    const code = iotJsExample(filled);
    expect(code).toContain("require('arduino-iot-js')");
    expect(code).toContain('connect("wss://iot.example.org/mqtt", options)');
    expect(code).toContain('apiUrl: "https://iot.example.org/iot/v1/clients/token"');
    expect(code).toContain('clientId: "AbCdEfGhIjKlMnOpQrStUvWxYz012345"');
    expect(code).toContain('const thingId = "3fa85f64-5717-4562-b3fc-2c963f66afa6"');
    // The library's mqtt.js is redirected before the library is loaded (it keeps a reference to connect).
    expect(code.indexOf('mqtt.connect =')).toBeLessThan(code.indexOf("require('arduino-iot-js')"));
  });

  it('uses placeholders for an unknown broker, key and thing', () => {
    const code = iotJsExample(empty);
    expect(code).toContain(`connect(${JSON.stringify(BROKER_PLACEHOLDER)}, options)`);
    expect(code).toContain('const thingId = "YOUR_THING_ID"');
    expect(code).toContain(JSON.stringify(CLIENT_ID_PLACEHOLDER));
  });
});

describe('the curl example', () => {
  it('asks for a token, then lists the things with it', () => {
    const code = curlExample(filled);
    expect(code).toContain("curl -s -X POST 'https://iot.example.org/iot/v1/clients/token'");
    expect(code).toContain('--data-urlencode grant_type=client_credentials');
    expect(code).toContain("--data-urlencode client_id='AbCdEfGhIjKlMnOpQrStUvWxYz012345'");
    expect(code).toContain('"client_secret=$CLIENT_SECRET"');
    expect(code).toContain(
      `curl -s 'https://iot.example.org/iot/v2/things' -H "authorization: Bearer $TOKEN"`,
    );
  });

  it('quotes what it writes into the shell', () => {
    const code = curlExample({ ...empty, server: "http://host/it's" });
    expect(code).toContain("'http://host/it'\\''s/iot/v1/clients/token'");
    expect(code).toContain(`client_id='${CLIENT_ID_PLACEHOLDER}'`);
  });
});
