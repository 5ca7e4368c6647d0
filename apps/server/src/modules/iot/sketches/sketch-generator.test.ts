import { describe, expect, it } from 'vitest';
import { PROPERTY_TYPE_VALUES } from '../catalogue/property-types.ts';
import {
  callbacksOf,
  conformSketchName,
  generateSketch,
  type SketchInput,
  type SketchProperty,
  secretNamesOf,
  secretsHeader,
} from './sketch-generator.ts';

const THING = { id: '0b2c5a1e-8f6d-4c3b-9a7e-1d2f3a4b5c6d', name: 'Greenhouse' };
const DEVICE = '6f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f';
const prop = (over: Partial<SketchProperty>): SketchProperty => ({
  name: 'x',
  variableName: null,
  type: 'FLOAT',
  permission: 'READ_ONLY',
  updateStrategy: 'ON_CHANGE',
  updateParameter: null,
  ...over,
});
const PROPS = [
  prop({ name: 'temperature', type: 'TEMPERATURE' }),
  prop({ name: 'Pump', variableName: 'pump', type: 'HOME_SWITCH', permission: 'READ_WRITE' }),
  prop({
    name: 'humidity',
    type: 'PERCENTAGE_RELATIVE_HUMIDITY',
    updateStrategy: 'TIMED',
    updateParameter: 30,
  }),
  prop({ name: 'message', type: 'CHARSTRING', permission: 'READ_WRITE' }),
];
const file = (files: { name: string; content: string }[], name: string) =>
  files.find((f) => f.name === name)?.content ?? '';

describe('generateSketch', () => {
  it('declares every variable with its C++ type and registers it with permission, update and callback', () => {
    const input: SketchInput = {
      thing: THING,
      device: { id: DEVICE, type: 'login_and_secretkey_wifi', connectionType: 'wifi' },
      properties: PROPS,
      version: 'v2',
    };
    const files = generateSketch(input, 'Greenhouse');
    expect(files.map((f) => f.name)).toEqual(['Greenhouse.ino', 'thingProperties.h']);
    const h = file(files, 'thingProperties.h');
    expect(h).toContain('#include <ArduinoIoTCloud.h>\n#include <Arduino_ConnectionHandler.h>');
    expect(h).toContain('CloudTemperature temperature;');
    expect(h).toContain('CloudSwitch pump;');
    expect(h).toContain('CloudRelativeHumidity humidity;');
    expect(h).toContain('String message;');
    expect(h).toContain('void onPumpChange();');
    expect(h).toContain('ArduinoCloud.addProperty(temperature, READ, ON_CHANGE, NULL);');
    expect(h).toContain('ArduinoCloud.addProperty(pump, READWRITE, ON_CHANGE, onPumpChange);');
    expect(h).toContain('ArduinoCloud.addProperty(humidity, READ, 30 * SECONDS, NULL);');
    expect(h).toContain(`const char DEVICE_LOGIN_NAME[] = "${DEVICE}";`);
    expect(h).toContain('ArduinoCloud.setBoardId(DEVICE_LOGIN_NAME);');
    expect(h).toContain('ArduinoCloud.setSecretDeviceKey(DEVICE_KEY);');
    expect(h).toContain(
      'WiFiConnectionHandler ArduinoIoTPreferredConnection(SECRET_SSID, SECRET_OPTIONAL_PASS);',
    );
    // v2: the library learns its thing from the cloud.
    expect(h).not.toContain('THING_ID');
    const ino = file(files, 'Greenhouse.ino');
    expect(ino).toContain('#include "thingProperties.h"');
    expect(ino).toMatch(/void setup\(\) \{[\s\S]*initProperties\(\);[\s\S]*ArduinoCloud\.begin\(/);
    expect(ino).toMatch(/void loop\(\) \{\n {2}ArduinoCloud\.update\(\);/);
    expect(ino).toContain('void onPumpChange() {');
    expect(ino).toContain('void onMessageChange() {');
    expect(ino).not.toContain('onTemperatureChange');
    // Secrets are names here; their values are stored apart and only a zip writes the header.
    expect(secretNamesOf(input.device)).toEqual(['SECRET_SSID', 'SECRET_OPTIONAL_PASS', 'SECRET_DEVICE_KEY']);
    expect(secretsHeader(secretNamesOf(input.device).map((name) => ({ name, value: '' })))).toContain(
      '#define SECRET_SSID ""\n#define SECRET_OPTIONAL_PASS ""\n#define SECRET_DEVICE_KEY ""\n',
    );
    // The callbacks appended to an edited .ino are the ones a new .ino ends with.
    for (const c of callbacksOf(input)) expect(ino).toContain(c.code);
  });

  it('names the thing in v1 sketches; certificate boards get no device key; cellular boards their handler', () => {
    const files = generateSketch(
      {
        thing: THING,
        device: { id: DEVICE, type: 'mkrgsm1400', connectionType: null },
        properties: [],
        version: 'v1',
      },
      'G',
    );
    const h = file(files, 'thingProperties.h');
    expect(h).toContain(`const char THING_ID[] = "${THING.id}";`);
    expect(h).toContain('ArduinoCloud.setThingId(THING_ID);');
    expect(h).not.toContain('setSecretDeviceKey');
    expect(h).toContain('GSMConnectionHandler ArduinoIoTPreferredConnection(SECRET_PIN, SECRET_APN,');
    expect(secretNamesOf({ id: DEVICE, type: 'mkrgsm1400', connectionType: null })).not.toContain(
      'SECRET_DEVICE_KEY',
    );
  });

  it('passes our broker to ArduinoCloud.begin when given, and a thing name cannot end the comment', () => {
    const files = generateSketch(
      {
        thing: { ...THING, name: 'a */ b' },
        device: null,
        properties: [],
        version: 'v2',
        broker: { host: 'iot.example.org', port: 8883 },
      },
      'S',
    );
    const ino = file(files, 'S.ino');
    expect(ino).toContain(
      'ArduinoCloud.begin(ArduinoIoTPreferredConnection, true, "iot.example.org", 8883);',
    );
    expect(ino).not.toContain('a */ b');
  });

  it('has a C++ declaration for every accepted property type', () => {
    const files = generateSketch(
      {
        thing: THING,
        device: null,
        properties: PROPERTY_TYPE_VALUES.map((type, i) => prop({ name: `v${i}`, type })),
        version: 'v2',
      },
      'All',
    );
    const h = file(files, 'thingProperties.h');
    for (let i = 0; i < PROPERTY_TYPE_VALUES.length; i++)
      expect(h).toMatch(new RegExp(`\\n[A-Za-z]+ v${i};`));
    expect(h).toContain('CloudTemperatureSensor v');
  });
});

describe('conformSketchName', () => {
  it('drops accents, turns spaces into underscores and strips the rest, at most 63 characters', () => {
    expect(conformSketchName('Serre  à Noël!')).toBe('Serre_a_Noel');
    expect(conformSketchName('__x')).toBe('x');
    expect(conformSketchName('***')).toBe('Thing');
    expect(conformSketchName('a'.repeat(80))).toHaveLength(63);
  });
});
