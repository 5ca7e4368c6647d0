import { SECRET_KEY_TYPES } from '../catalogue/boards.ts';
import { declarationOf } from '../catalogue/property-types.ts';

/**
 * The Arduino sketch of a thing, as the ArduinoIoTCloud library (2.x) expects it: `thingProperties.h` declares
 * one variable per property and registers it with `ArduinoCloud.addProperty`, the `.ino` starts the cloud
 * connection and holds a callback per writable property, `arduino_secrets.h` holds the network and device
 * secrets the user fills in. Pure: the same thing gives the same files.
 */

export type SketchVersion = 'v1' | 'v2';

export interface SketchProperty {
  name: string;
  variableName: string | null;
  type: string;
  permission: 'READ_ONLY' | 'READ_WRITE';
  updateStrategy: 'ON_CHANGE' | 'TIMED';
  updateParameter: number | null;
}

export interface SketchInput {
  thing: { id: string; name: string };
  device: { id: string; type: string; connectionType: string | null } | null;
  properties: readonly SketchProperty[];
  version: SketchVersion;
  /** Where the board connects (our broker), passed to `ArduinoCloud.begin`; absent: the library's default. */
  broker?: { host: string; port: number };
}

interface SketchFile {
  name: string;
  content: string;
}

/**
 * Sketch and folder names (spec section 5): accents dropped, whitespace turned into underscores, anything but
 * letters, digits, `_ . -` removed; starts with a letter or digit; at most 63 characters.
 */
export function conformSketchName(name: string): string {
  const cleaned = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '_')
    .replace(/[^a-zA-Z0-9_.-]/g, '')
    .replace(/^[^a-zA-Z0-9]+/, '')
    .slice(0, 63);
  return cleaned || 'Thing';
}

/** The C++ identifier of a property: its variable name, else its name made into an identifier. */
function sketchVariableOf(p: Pick<SketchProperty, 'name' | 'variableName'>): string {
  if (p.variableName) return p.variableName;
  const id = p.name.replace(/[^a-zA-Z0-9_]/g, '_');
  return /^[a-zA-Z_]/.test(id) ? id : `_${id}`;
}

/** `onTemperatureChange` for `temperature`: the callback the library calls when the cloud writes a value. */
function callbackOf(variable: string): string {
  return `on${variable.charAt(0).toUpperCase()}${variable.slice(1)}Change`;
}

type Connection = 'wifi' | 'eth' | 'gsm' | 'nb' | 'catm1' | 'cellular' | 'lora';

/** How the board reaches the network: its connection type, else what its type implies, else Wi-Fi. */
function connectionOf(device: SketchInput['device']): Connection {
  const c = device?.connectionType;
  if (c === 'eth' || c === 'gsm' || c === 'nb' || c === 'catm1' || c === 'cellular' || c === 'lora') return c;
  if (device?.type === 'mkrgsm1400') return 'gsm';
  if (device?.type === 'mkrnb1500') return 'nb';
  return 'wifi';
}

/** The secrets each connection needs (names as `arduino_secrets.h` defines them) and its handler. */
const CELLULAR_SECRETS = ['SECRET_PIN', 'SECRET_APN', 'SECRET_LOGIN', 'SECRET_PASS'];
const CONNECTIONS: Record<Connection, { secrets: string[]; handler: string }> = {
  wifi: {
    secrets: ['SECRET_SSID', 'SECRET_OPTIONAL_PASS'],
    handler: 'WiFiConnectionHandler ArduinoIoTPreferredConnection(SECRET_SSID, SECRET_OPTIONAL_PASS);',
  },
  eth: { secrets: [], handler: 'EthernetConnectionHandler ArduinoIoTPreferredConnection;' },
  gsm: {
    secrets: CELLULAR_SECRETS,
    handler:
      'GSMConnectionHandler ArduinoIoTPreferredConnection(SECRET_PIN, SECRET_APN, SECRET_LOGIN, SECRET_PASS);',
  },
  nb: {
    secrets: CELLULAR_SECRETS,
    handler:
      'NBConnectionHandler ArduinoIoTPreferredConnection(SECRET_PIN, SECRET_APN, SECRET_LOGIN, SECRET_PASS);',
  },
  catm1: {
    secrets: CELLULAR_SECRETS,
    handler:
      'CatM1ConnectionHandler ArduinoIoTPreferredConnection(SECRET_PIN, SECRET_APN, SECRET_LOGIN, SECRET_PASS);',
  },
  cellular: {
    secrets: CELLULAR_SECRETS,
    handler:
      'CellularConnectionHandler ArduinoIoTPreferredConnection(SECRET_PIN, SECRET_APN, SECRET_LOGIN, SECRET_PASS);',
  },
  lora: {
    secrets: ['SECRET_APP_EUI', 'SECRET_APP_KEY'],
    handler: 'LoRaConnectionHandler ArduinoIoTPreferredConnection(SECRET_APP_EUI, SECRET_APP_KEY);',
  },
};

/** `ON_CHANGE` or `n * SECONDS`, as the library's `addProperty` takes it. */
function updateOf(p: SketchProperty): string {
  if (p.updateStrategy !== 'TIMED') return 'ON_CHANGE';
  const seconds = Math.max(1, Math.round(p.updateParameter ?? 1));
  return `${seconds} * SECONDS`;
}

const cString = (s: string) => JSON.stringify(s);
/** A thing name inside a C comment: no way to close the comment early. */
const commentSafe = (s: string) => s.replace(/\*\//g, '* /').replace(/[\r\n]+/g, ' ');

function thingPropertiesH(input: SketchInput, vars: { p: SketchProperty; v: string }[]): string {
  const conn = connectionOf(input.device);
  const secretKey = input.device !== null && SECRET_KEY_TYPES.includes(input.device.type);
  // Library 2.x learns the thing from the cloud (ThingUpdate); v1 sketches and LoRa boards name it.
  const namesThing = input.version === 'v1' || conn === 'lora';
  const lines: string[] = [
    `// thingProperties.h of "${commentSafe(input.thing.name)}", generated from the thing's variables.`,
    '// Regenerate it after changing the variables instead of editing it by hand.',
    '',
    '#include <ArduinoIoTCloud.h>',
    '#include <Arduino_ConnectionHandler.h>',
    '#include "arduino_secrets.h"',
    '',
  ];
  if (namesThing) lines.push(`const char THING_ID[] = ${cString(input.thing.id)};`);
  if (secretKey && input.device) {
    lines.push(`const char DEVICE_LOGIN_NAME[] = ${cString(input.device.id)};`);
    lines.push('const char DEVICE_KEY[] = SECRET_DEVICE_KEY;');
  }
  if (namesThing || secretKey) lines.push('');
  const writable = vars.filter(({ p }) => p.permission === 'READ_WRITE');
  for (const { v } of writable) lines.push(`void ${callbackOf(v)}();`);
  if (writable.length > 0) lines.push('');
  for (const { p, v } of vars) lines.push(`${declarationOf(p.type)} ${v};`);
  if (vars.length > 0) lines.push('');
  lines.push('void initProperties() {');
  if (namesThing) lines.push('  ArduinoCloud.setThingId(THING_ID);');
  if (secretKey) {
    lines.push('  ArduinoCloud.setBoardId(DEVICE_LOGIN_NAME);');
    lines.push('  ArduinoCloud.setSecretDeviceKey(DEVICE_KEY);');
  }
  for (const { p, v } of vars) {
    const permission = p.permission === 'READ_WRITE' ? 'READWRITE' : 'READ';
    const callback = p.permission === 'READ_WRITE' ? callbackOf(v) : 'NULL';
    lines.push(`  ArduinoCloud.addProperty(${v}, ${permission}, ${updateOf(p)}, ${callback});`);
  }
  lines.push('}', '', CONNECTIONS[conn].handler, '');
  return lines.join('\n');
}

/**
 * The secrets `arduino_secrets.h` must define for the thing's connection and device (the names only: values
 * are stored apart, `iot_sketch_secrets`).
 */
export function secretNamesOf(device: SketchInput['device']): string[] {
  const names = [...CONNECTIONS[connectionOf(device)].secrets];
  if (device && SECRET_KEY_TYPES.includes(device.type)) names.push('SECRET_DEVICE_KEY');
  return names;
}

/** `arduino_secrets.h` as a zip carries it: each name defined, values given or left empty. */
export function secretsHeader(secrets: readonly { name: string; value: string }[]): string {
  const lines = [
    '// Fill in the secrets of your network and device; keep this file out of shared copies.',
    '',
  ];
  for (const s of secrets) lines.push(`#define ${s.name} ${cString(s.value)}`);
  return `${lines.join('\n')}\n`;
}

/** The empty callback of a writable variable, as the `.ino` ends with it (a leading blank line included). */
function callbackCode(v: string): string {
  return [
    '',
    `// Called when the cloud writes ${v}.`,
    `void ${callbackOf(v)}() {`,
    '  // Act on the new value here.',
    '}',
  ].join('\n');
}

/** The callbacks the thing's writable variables need: their names and the code that defines them empty. */
export function callbacksOf(input: Pick<SketchInput, 'properties'>): { name: string; code: string }[] {
  return input.properties
    .filter((p) => p.permission === 'READ_WRITE')
    .map((p) => {
      const v = sketchVariableOf(p);
      return { name: callbackOf(v), code: callbackCode(v) };
    });
}

function mainIno(input: SketchInput, vars: { p: SketchProperty; v: string }[]): string {
  const begin = input.broker
    ? `ArduinoCloud.begin(ArduinoIoTPreferredConnection, true, ${cString(input.broker.host)}, ${input.broker.port});`
    : 'ArduinoCloud.begin(ArduinoIoTPreferredConnection);';
  const lines = [
    '/*',
    `  Sketch of the thing "${commentSafe(input.thing.name)}".`,
    '',
    '  The cloud variables live in thingProperties.h and stay in step with the thing:',
    ...vars.map(({ p, v }) => `    ${declarationOf(p.type)} ${v};`),
    '',
    '  A variable the cloud may write (READ_WRITE) has a function at the end of this file, called',
    '  whenever a new value arrives from a dashboard, a trigger or the API.',
    '*/',
    '',
    '#include "thingProperties.h"',
    '',
    'void setup() {',
    '  Serial.begin(9600);',
    '  // Leaves time to open the Serial Monitor, without waiting for one.',
    '  delay(1500);',
    '',
    '  initProperties();',
    `  ${begin}`,
    '',
    '  // 0 (errors only) to 4 (everything): how much the library tells on the serial port.',
    '  setDebugMessageLevel(2);',
    '  ArduinoCloud.printDebugInfo();',
    '}',
    '',
    'void loop() {',
    '  ArduinoCloud.update();',
    '  // Your code here: read sensors into the variables, act on their values.',
    '}',
  ];
  for (const { code } of callbacksOf(input)) lines.push(code);
  return `${lines.join('\n')}\n`;
}

const variablesOf = (input: SketchInput) => input.properties.map((p) => ({ p, v: sketchVariableOf(p) }));

/** `thingProperties.h` alone: what a change of the thing's variables or device regenerates. */
export function thingPropertiesOf(input: SketchInput): string {
  return thingPropertiesH(input, variablesOf(input));
}

/**
 * The sketch's files: `<name>.ino` first, then `thingProperties.h`. `arduino_secrets.h` is not a stored file:
 * its values are the sketch's secrets (`secretNamesOf` names those the connection needs).
 */
export function generateSketch(input: SketchInput, sketchName: string): SketchFile[] {
  const vars = variablesOf(input);
  return [
    { name: `${sketchName}.ino`, content: mainIno(input, vars) },
    { name: 'thingProperties.h', content: thingPropertiesH(input, vars) },
  ];
}
