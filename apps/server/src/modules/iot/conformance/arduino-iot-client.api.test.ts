/**
 * Conformance (issue 4 item 6): the official `@arduino/arduino-iot-client` 3.0.0, unmodified, against a real
 * server on 127.0.0.1. It gets a token from our client-credentials endpoint and drives a realistic scenario;
 * every answer goes through the client's own parsing, and the raw bodies also pass the client's stricter
 * `validateJSON` checks (required fields, types).
 */
import * as Arduino from '@arduino/arduino-iot-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { makeCsr } from '../certs/testing/csr.ts';
import { iotFixtures } from '../testing/iot-fixtures.ts';

// biome-ignore lint/suspicious/noExplicitAny: the official client has no types.
type Any = any;
const sdk = Arduino as Any;

let t: TestApp;
let base: string;
let client: Any;
let ownerId: string;

beforeAll(async () => {
  t = await createTestApp();
  const f = iotFixtures(t);
  const owner = await t.createUser();
  ownerId = owner.id;
  await f.grantPlan(owner.id, 'create-maker');
  const key = (await f.call(owner.id, 'POST', '/iot/v1/clients', { name: 'conformance' })).json();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  // The token request exactly as the clients send it (form fields, audience of the real service).
  const res = await fetch(`${base}/iot/v1/clients/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: key.client_id,
      client_secret: key.client_secret,
      audience: 'https://api2.arduino.cc/iot',
    }),
  });
  expect(res.status).toBe(200);
  const { access_token } = (await res.json()) as { access_token: string };
  client = new sdk.ApiClient(base);
  client.authentications.oauth2.accessToken = access_token;
});
afterAll(() => t?.close());

/** Calls `<method>WithHttpInfo`, checks the raw body with the client's model validator, returns the parsed data. */
async function strict(api: Any, method: string, model: Any, args: unknown[], collection = false) {
  const { data, response } = await api[`${method}WithHttpInfo`](...args);
  expect(response.headers['content-type']).toMatch(/\+json/);
  const bodies = collection ? (response.body as unknown[]) : [response.body];
  for (const body of bodies) expect(model.validateJSON(body)).toBe(true);
  return data;
}

describe('@arduino/arduino-iot-client 3.0.0 against our server', () => {
  const devices = () => new sdk.DevicesV2Api(client);
  const pass = () => new sdk.DevicesV2PassApi(client);
  const deviceTags = () => new sdk.DevicesV2TagsApi(client);
  const things = () => new sdk.ThingsV2Api(client);
  const thingTags = () => new sdk.ThingsV2TagsApi(client);
  const properties = () => new sdk.PropertiesV2Api(client);
  const state: { deviceId?: string; thingId?: string; cloneId?: string; props: Record<string, string> } = {
    props: {},
  };

  it('lists the property types', async () => {
    const types = await strict(
      new sdk.PropertyTypesV1Api(client),
      'propertyTypesV1ListTypes',
      sdk.ArduinoPropertytype,
      [],
      true,
    );
    expect(types).toHaveLength(104);
    expect(types[0]).toBeInstanceOf(sdk.ArduinoPropertytype);
    expect(types.find((p: Any) => p.type === 'HOME_COLORED_LIGHT')).toMatchObject({
      declaration: 'CloudColoredLight',
      assistants: ['ALEXA', 'GOOGLE'],
    });
  });

  it('creates a device and sets its secret key', async () => {
    const payload = sdk.CreateDevicesV2Payload.constructFromObject({
      type: 'login_and_secretkey_wifi',
      name: 'esp32-greenhouse',
      serial: 'ESP-0001',
      fqbn: 'esp32:esp32:esp32',
      connection_type: 'wifi',
    });
    const device = await strict(devices(), 'devicesV2Create', sdk.ArduinoDevicev2, [payload]);
    expect(device).toBeInstanceOf(sdk.ArduinoDevicev2);
    expect(device).toMatchObject({
      name: 'esp32-greenhouse',
      type: 'login_and_secretkey_wifi',
      user_id: ownerId,
    });
    expect(device.created_at).toBeInstanceOf(Date);
    state.deviceId = device.id;

    const suggestion = await strict(pass(), 'devicesV2PassGet', sdk.ArduinoDevicev2Pass, [
      device.id,
      { suggestedPassword: true },
    ]);
    expect(suggestion.set).toBe(false);
    const set = await pass().devicesV2PassSet(device.id, { password: suggestion.suggested_password });
    expect(set.set).toBe(true);
    await pass().devicesV2PassCheck(device.id, { password: suggestion.suggested_password });
    await expect(pass().devicesV2PassCheck(device.id, { password: 'wrong-password' })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('signs a device certificate and manages it (DevicesV2CertsApi)', async () => {
    const certs = new sdk.DevicesV2CertsApi(client);
    const payload = sdk.CreateDevicesV2CertsPayload.constructFromObject({
      ca: 'Arduino_v2',
      csr: (await makeCsr()).pem,
      enabled: true,
    });
    const cert = await strict(certs, 'devicesV2CertsCreate', sdk.ArduinoDevicev2Cert, [
      state.deviceId,
      payload,
    ]);
    expect(cert).toBeInstanceOf(sdk.ArduinoDevicev2Cert);
    expect(cert.compressed).toBeInstanceOf(sdk.ArduinoCompressedv2);
    expect(cert).toMatchObject({ device_id: state.deviceId, enabled: true, ca: 'Arduino_v2' });
    expect(cert.compressed.not_before).toBeInstanceOf(Date);
    const list = await strict(certs, 'devicesV2CertsList', sdk.ArduinoDevicev2Cert, [state.deviceId], true);
    expect(list.map((c: Any) => c.id)).toEqual([cert.id]);
    await strict(certs, 'devicesV2CertsShow', sdk.ArduinoDevicev2Cert, [cert.id, state.deviceId]);
    const off = await strict(certs, 'devicesV2CertsUpdate', sdk.ArduinoDevicev2Cert, [
      cert.id,
      state.deviceId,
      sdk.Devicev2Cert.constructFromObject({ enabled: false }),
    ]);
    expect(off.enabled).toBe(false);
    await certs.devicesV2CertsDelete(cert.id, state.deviceId);
    expect(await certs.devicesV2CertsList(state.deviceId)).toEqual([]);
  });

  it('uploads a firmware file for the device and refuses a second while it is pending (DevicesV2OtaApi)', async () => {
    const ota = new sdk.DevicesV2OtaApi(client);
    const file = Buffer.from('conformance firmware');
    const up = await strict(ota, 'devicesV2OtaUpload', sdk.ArduinoDevicev2Otaupload, [
      state.deviceId,
      file,
      { async: true, expireInMins: 10 },
    ]);
    expect(up).toMatchObject({ ota_version: 2, status: 'pending' });
    expect(up.file_sha).toMatch(/^[0-9a-f]{64}$/);
    const busy = await ota.devicesV2OtaUpload(state.deviceId, file, { async: true }).catch((e: Any) => e);
    expect(busy.status).toBe(409);
    // Upstream declares no answer body for the link, so the client resolves to null on our 200.
    await expect(ota.devicesV2OtaUrl(state.deviceId, { sha256: up.file_sha })).resolves.toBeNull();
  });

  it('creates a thing with properties of several types and binds the device with force', async () => {
    const prop = (name: string, type: string, permission = 'READ_WRITE') =>
      new sdk.Property(name, permission, type, 'ON_CHANGE');
    const thing = await strict(things(), 'thingsV2Create', sdk.ArduinoThing, [
      sdk.ThingCreate.constructFromObject({
        name: 'Greenhouse',
        timezone: 'Europe/Rome',
        properties: [
          prop('temperature', 'TEMPERATURE_C', 'READ_ONLY'),
          prop('heater', 'STATUS'),
          prop('message', 'CHARSTRING'),
          prop('position', 'LOCATION', 'READ_ONLY'),
          prop('lamp', 'HOME_COLORED_LIGHT'),
        ],
        tags: [{ key: 'site', value: 'north' }],
      }),
    ]);
    expect(thing).toBeInstanceOf(sdk.ArduinoThing);
    expect(thing.properties).toHaveLength(5);
    expect(thing.properties[0]).toBeInstanceOf(sdk.ArduinoProperty);
    for (const p of thing.properties) state.props[p.name] = p.id;
    state.thingId = thing.id;

    const bound = await strict(things(), 'thingsV2Update', sdk.ArduinoThing, [
      thing.id,
      sdk.ThingUpdate.constructFromObject({ device_id: state.deviceId }),
      { force: true },
    ]);
    expect(bound.device_id).toBe(state.deviceId);
    const device = await strict(devices(), 'devicesV2Show', sdk.ArduinoDevicev2, [state.deviceId]);
    expect(device.thing).toBeInstanceOf(sdk.ArduinoThing);
    expect(device.thing.id).toBe(thing.id);

    const extra = await strict(properties(), 'propertiesV2Create', sdk.ArduinoProperty, [
      thing.id,
      prop('humidity', 'PERCENTAGE_RELATIVE_HUMIDITY', 'READ_ONLY'),
    ]);
    state.props.humidity = extra.id;
    const list = await strict(properties(), 'propertiesV2List', sdk.ArduinoProperty, [thing.id], true);
    expect(list.map((p: Any) => p.name)).toContain('humidity');
  });

  it('publishes values and reads them back (property, timeseries, device properties and events)', async () => {
    const thingId = state.thingId as string;
    const values: Record<string, unknown> = {
      temperature: 21.5,
      heater: true,
      message: 'hello from the official client',
      position: { lat: 45.07, lon: 7.69 },
      lamp: { swi: true, hue: 120, sat: 80, bri: 50 },
      humidity: 40,
    };
    const from = new Date(Date.now() - 60_000);
    for (const [name, value] of Object.entries(values)) {
      await properties().propertiesV2Publish(thingId, state.props[name], new sdk.PropertyValue(value));
    }
    await properties().propertiesV2Publish(thingId, state.props.temperature, new sdk.PropertyValue(23.5));
    for (const [name, value] of Object.entries(values)) {
      const shown = await strict(properties(), 'propertiesV2Show', sdk.ArduinoProperty, [
        thingId,
        state.props[name],
      ]);
      expect(shown.last_value).toEqual(name === 'temperature' ? 23.5 : value);
      expect(shown.value_updated_at).toBeInstanceOf(Date);
    }
    const series = await strict(properties(), 'propertiesV2Timeseries', sdk.ArduinoTimeseriesmedia, [
      thingId,
      state.props.temperature,
      {
        from: from.toISOString(),
        to: new Date(Date.now() + 60_000).toISOString(),
        interval: 3600,
        aggregation: 'AVG',
      },
    ]);
    expect(series.data).toHaveLength(1);
    expect(series.data[0].value).toBe(22.5);
    expect(series.data[0].time).toBeInstanceOf(Date);

    const deviceProps = await strict(devices(), 'devicesV2GetProperties', sdk.ArduinoDevicev2properties, [
      state.deviceId,
    ]);
    expect(deviceProps.properties).toHaveLength(6);
    const events = await strict(devices(), 'devicesV2GetEvents', sdk.ArduinoDevicev2EventProperties, [
      state.deviceId,
    ]);
    expect(events.events.find((e: Any) => e.name === 'heater').value).toBe(true);
    await devices().devicesV2UpdateProperties(
      state.deviceId,
      sdk.PropertiesValues.constructFromObject({
        properties: [{ name: 'humidity', type: 'infer', value: 41 }],
      }),
    );
    const humidity = await properties().propertiesV2Show(thingId, state.props.humidity);
    expect(humidity.last_value).toBe(41);
  });

  it('reads the published values back through the series API', async () => {
    const series = new sdk.SeriesV2Api(client);
    const q = `property.${state.props.temperature}`;
    const raw = await strict(series, 'seriesV2BatchQueryRaw', sdk.ArduinoSeriesRawBatch, [
      new sdk.BatchQueryRawRequestsMediaV1([new sdk.BatchQueryRawRequestMediaV1(q)], 1),
    ]);
    expect(raw.responses[0]).toBeInstanceOf(sdk.ArduinoSeriesRawResponse);
    expect(sdk.ArduinoSeriesRawResponse.validateJSON(JSON.parse(JSON.stringify(raw.responses[0])))).toBe(
      true,
    );
    expect(raw.responses[0]).toMatchObject({
      status: 'ok',
      count_values: 2,
      values: [23.5, 21.5],
      sort: 'DESC',
    });
    expect(raw.responses[0].times[0]).toBeInstanceOf(Date);

    const from = new Date(Date.now() - 3_600_000);
    const to = new Date(Date.now() + 60_000);
    const agg = await strict(series, 'seriesV2BatchQuery', sdk.ArduinoSeriesBatch, [
      new sdk.BatchQueryRequestsMediaV1([new sdk.BatchQueryRequestMediaV1(from, q, to)], 1),
    ]);
    expect(agg.responses[0]).toMatchObject({ status: 'ok', aggregation: 'AVG' });
    expect(agg.responses[0].values.reduce((a: number, b: number) => a + b, 0)).toBeGreaterThan(0);

    const last = await strict(series, 'seriesV2BatchQueryRawLastValue', sdk.ArduinoSeriesRawBatchLastvalue, [
      new sdk.BatchLastValueRequestsMediaV1([
        new sdk.BatchQueryRawLastValueRequestMediaV1(state.props.heater, state.thingId),
      ]),
    ]);
    expect(last.responses[0]).toMatchObject({ count_values: 1, values: [true] });

    const { response } = await series.seriesV2HistoricDataWithHttpInfo(
      new sdk.HistoricDataRequest(from, [state.props.temperature], to),
    );
    expect(response.status).toBe(202);
  });

  it('filters lists by repeated tags', async () => {
    await deviceTags().devicesV2TagsUpsert(state.deviceId, new sdk.Tag('room', 'greenhouse'));
    await deviceTags().devicesV2TagsUpsert(state.deviceId, new sdk.Tag('floor', '0'));
    const other = await devices().devicesV2Create(
      sdk.CreateDevicesV2Payload.constructFromObject({ type: 'nano_33_iot', name: 'other-board' }),
    );
    await deviceTags().devicesV2TagsUpsert(other.id, new sdk.Tag('room', 'greenhouse'));
    const tagList = await strict(deviceTags(), 'devicesV2TagsList', sdk.ArduinoTags, [state.deviceId]);
    expect(tagList.tags.map((x: Any) => `${x.key}:${x.value}`).sort()).toEqual([
      'floor:0',
      'room:greenhouse',
    ]);
    const both = await strict(
      devices(),
      'devicesV2List',
      sdk.ArduinoDevicev2,
      [{ tags: ['room:greenhouse'] }],
      true,
    );
    expect(both.map((d: Any) => d.name).sort()).toEqual(['esp32-greenhouse', 'other-board']);
    const one = await devices().devicesV2List({ tags: ['room:greenhouse', 'floor:0'] });
    expect(one.map((d: Any) => d.id)).toEqual([state.deviceId]);
    await deviceTags().devicesV2TagsDelete(other.id, 'room');
    expect((await devices().devicesV2List({ tags: ['room:greenhouse'] })).map((d: Any) => d.id)).toEqual([
      state.deviceId,
    ]);

    await thingTags().thingsV2TagsUpsert(state.thingId, new sdk.Tag('crop', 'tomato'));
    const tagged = await strict(
      things(),
      'thingsV2List',
      sdk.ArduinoThing,
      [{ tags: ['site:north', 'crop:tomato'], showProperties: true }],
      true,
    );
    expect(tagged.map((x: Any) => x.id)).toEqual([state.thingId]);
    expect(tagged[0].properties).toHaveLength(6);
  });

  it('clones a thing and gets its template', async () => {
    const copy = await strict(things(), 'thingsV2Clone', sdk.ArduinoThing, [
      state.thingId,
      new sdk.ThingClone('Greenhouse copy'),
    ]);
    expect(copy.id).not.toBe(state.thingId);
    expect(copy.properties).toHaveLength(6);
    state.cloneId = copy.id;
    const template = await strict(things(), 'thingsV2Template', sdk.ArduinoThingtemplate, [state.thingId]);
    expect(template.variables.map((v: Any) => v.variable_name)).toContain('temperature');
  });

  it("generates the thing's sketch, attaches it to the clone and detaches it", async () => {
    const payload = new sdk.ThingSketch();
    payload.sketch_version = 'v2';
    const withSketch = await strict(things(), 'thingsV2CreateSketch', sdk.ArduinoThing, [
      state.thingId,
      payload,
    ]);
    expect(withSketch.id).toBe(state.thingId);
    expect(withSketch.sketch_id).toMatch(/^[0-9a-f-]{36}$/);
    const attached = await strict(things(), 'thingsV2UpdateSketch', sdk.ArduinoThing, [
      state.cloneId,
      withSketch.sketch_id,
      {},
    ]);
    expect(attached.sketch_id).toBe(withSketch.sketch_id);
    const detached = await strict(things(), 'thingsV2DeleteSketch', sdk.ArduinoThing, [state.cloneId]);
    expect(detached.id).toBe(state.cloneId);
    expect(detached.sketch_id).toBeUndefined();
    const shown = await things().thingsV2Show(state.thingId);
    expect(shown.sketch_id).toBe(withSketch.sketch_id);
  });

  it('creates a dashboard, links a widget and clones it onto the cloned thing', async () => {
    const dashboards = new sdk.DashboardsV2Api(client);
    const widgetId = '6f0c2b0e-4b8e-4f55-9a43-0d9a5a3c2a11';
    const widget = new sdk.Widget(2, widgetId, { frameless: false }, 'Chart', 4, 0, 0);
    widget.variables = [state.props.temperature];
    const created = await strict(dashboards, 'dashboardsV2Create', sdk.ArduinoDashboardv2, [
      sdk.Dashboardv2.constructFromObject({ name: 'Greenhouse dashboard', widgets: [widget] }),
    ]);
    expect(created).toBeInstanceOf(sdk.ArduinoDashboardv2);
    expect(created.widgets[0]).toBeInstanceOf(sdk.ArduinoWidgetv2);
    expect(created.widgets[0].variables[0]).toBeInstanceOf(sdk.ArduinoLinkedvariable);
    expect(created.widgets[0].variables[0]).toMatchObject({ id: state.props.temperature, last_value: 23.5 });

    const linked = await strict(dashboards, 'dashboardsV2Link', sdk.ArduinoVariableslinks, [
      created.id,
      widgetId,
      sdk.Widgetlink.constructFromObject({ variables: [state.props.temperature, state.props.humidity] }),
    ]);
    expect(linked.variables).toEqual([state.props.temperature, state.props.humidity]);

    const clone = await strict(dashboards, 'dashboardsV2Clone', sdk.ArduinoDashboardv2, [
      created.id,
      sdk.Clone.constructFromObject({ overrides: [new sdk.Override(state.cloneId, state.thingId)] }),
    ]);
    expect(clone.id).not.toBe(created.id);
    expect(clone.widgets[0].variables.map((v: Any) => v.thing_id)).toEqual([state.cloneId, state.cloneId]);
    const template = await strict(dashboards, 'dashboardsV2Template', sdk.ArduinoDashboardv2template, [
      created.id,
    ]);
    expect(template.widgets[0].variables.map((v: Any) => v.variable_id)).toEqual(['temperature', 'humidity']);
    const listed = await strict(dashboards, 'dashboardsV2List', sdk.ArduinoDashboardv2, [], true);
    expect(listed).toHaveLength(2);
    await dashboards.dashboardsV2Delete(clone.id, { force: true });
    await expect(dashboards.dashboardsV2Show(clone.id)).rejects.toMatchObject({ status: 404 });
  });

  it('creates a trigger with an e-mail action and reads it back with its linked property', async () => {
    const triggers = new sdk.TriggersV1Api(client);
    const action = sdk.CreateAction.constructFromObject({
      name: 'Heater alert',
      kind: 'NOTIFY-EMAIL',
      email: {
        subject: { expression: 'Heater is {{value}}' },
        body: { expression: 'The greenhouse heater changed.' },
        delivery: { to: [{ id: ownerId }] },
      },
    });
    const created = await strict(triggers, 'triggersV1Create', sdk.ArduinoTrigger, [
      sdk.Trigger.constructFromObject({
        name: 'Heater on',
        property_id: state.props.heater,
        actions: [action],
      }),
    ]);
    expect(created).toBeInstanceOf(sdk.ArduinoTrigger);
    expect(created.actions[0]).toBeInstanceOf(sdk.ArduinoAction);
    const shown = await strict(triggers, 'triggersV1Show', sdk.ArduinoTriggerWithLinkedEntities, [
      created.id,
    ]);
    expect(shown.linked_property.status).toBe('OK');
    expect(shown.linked_property.property.id).toBe(state.props.heater);
    const listed = await strict(triggers, 'triggersV1List', sdk.ArduinoTrigger, [], true);
    expect(listed.map((x: Any) => x.id)).toEqual([created.id]);
    const actions = await strict(triggers, 'actionsV1List', sdk.ArduinoAction, [], true);
    expect(actions).toHaveLength(1);
    await triggers.triggersV1Delete(created.id, { force: true });
  });

  it('soft-deletes and force-deletes', async () => {
    await devices().devicesV2Delete(state.deviceId);
    await expect(devices().devicesV2Show(state.deviceId)).rejects.toMatchObject({ status: 404 });
    const withDeleted = await devices().devicesV2List({ showDeleted: true });
    expect(withDeleted.find((d: Any) => d.id === state.deviceId).deleted_at).toBeInstanceOf(Date);
    const restored = await devices().devicesV2Update(
      state.deviceId,
      sdk.Devicev2.constructFromObject({ soft_deleted: false }),
    );
    expect(restored.deleted_at).toBeUndefined();
    await devices().devicesV2Delete(state.deviceId, { force: true });
    expect((await devices().devicesV2List({ showDeleted: true })).map((d: Any) => d.id)).not.toContain(
      state.deviceId,
    );

    await properties().propertiesV2Delete(state.thingId, state.props.message);
    await expect(properties().propertiesV2Show(state.thingId, state.props.message)).rejects.toMatchObject({
      status: 404,
    });
    await things().thingsV2Delete(state.cloneId);
    const soft = await things().thingsV2Show(state.cloneId, { showDeleted: true });
    expect(soft.deleted_at).toBeInstanceOf(Date);
    await things().thingsV2Delete(state.cloneId, { force: true });
    await expect(things().thingsV2Show(state.cloneId, { showDeleted: true })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('reads network credentials and registers a LoRa device (NetworkCredentialsV1Api, LoraFreqPlanV1Api, LoraDevicesV1Api)', async () => {
    const credentials = new sdk.NetworkCredentialsV1Api(client);
    const wifi = await strict(
      credentials,
      'networkCredentialsV1Show',
      sdk.ArduinoCredentialsv1,
      ['unor4wifi', { connection: 'wifi' }],
      true,
    );
    expect(wifi.map((c: Any) => c.secret_name)).toEqual(['SECRET_SSID', 'SECRET_OPTIONAL_PASS']);
    // The client declares no return type for this one: its data is null by design, the body is the answer.
    const { response } = await credentials.networkCredentialsV1ShowByDeviceWithHttpInfo('portenta_c33');
    expect(response.headers['content-type']).toMatch(/\+json/);
    expect(response.body.eth.length).toBeGreaterThan(0);
    expect(response.body.gsm).toEqual([]);

    const plans = await strict(
      new sdk.LoraFreqPlanV1Api(client),
      'loraFreqPlanV1List',
      sdk.ArduinoLorafreqplansv1,
      [],
    );
    expect(plans.frequency_plans.map((p: Any) => p.id)).toContain('EU_863_870_TTN');
    const lora = await strict(
      new sdk.LoraDevicesV1Api(client),
      'loraDevicesV1Create',
      sdk.ArduinoLoradevicev1,
      [
        sdk.CreateLoraDevicesV1Payload.constructFromObject({
          app: 'conformance',
          eui: 'a8610a3233298211',
          frequency_plan: 'EU_863_870_TTN',
          name: 'wan-board',
          type: 'mkrwan1310',
          user_id: 'me',
        }),
      ],
    );
    expect(lora).toMatchObject({ eui: 'a8610a3233298211' });
    expect((await devices().devicesV2Show(lora.device_id)).connection_type).toBe('lora');
  });

  it("serves the Go client's operations through the client's own transport (claim, remove-uhwid, publish, publish_batch)", async () => {
    /** A call the JS client has no method for, made with its ApiClient (auth, serialisation, parsing). */
    const call = (path: string, method: string, pathParams: object, body: unknown, returnType: Any = null) =>
      client.callApi(
        path,
        method,
        pathParams,
        {},
        {},
        {},
        body,
        ['oauth2'],
        ['application/json'],
        ['application/json'],
        returnType,
        null,
      );
    const uhwid = `${'c0ffee'.repeat(10)}c0ff`;
    const claimed = await call(
      '/iot/v2/devices/claim',
      'PUT',
      {},
      { type: 'opta', unique_hardware_id: uhwid, user_id: ownerId },
      sdk.ArduinoDevicev2,
    );
    expect(claimed.data).toBeInstanceOf(sdk.ArduinoDevicev2);
    expect(sdk.ArduinoDevicev2.validateJSON(claimed.response.body)).toBe(true);
    // The JS client's device model predates unique_hardware_id: read it from the body.
    expect(claimed.response.body.unique_hardware_id).toBe(uhwid);
    const released = await call(
      '/iot/v2/devices/{id}/remove-uhwid',
      'POST',
      { id: claimed.data.id },
      null,
      sdk.ArduinoDevicev2,
    );
    expect(released.response.body).toMatchObject({ id: claimed.data.id });
    expect(released.response.body).not.toHaveProperty('unique_hardware_id');

    const thing = await things().thingsV2Show(state.thingId);
    const numeric = thing.properties.find(
      (p: Any) => p.type === 'TEMPERATURE_C' || p.type === 'FLOAT' || p.type === 'INT',
    );
    expect(numeric).toBeDefined();
    const published = await call(
      '/iot/v2/things/{id}/publish',
      'PUT',
      { id: state.thingId },
      {
        properties: [{ property: numeric.name, value: 7 }],
      },
    );
    expect(published.response.status).toBe(200);
    expect((await properties().propertiesV2Show(state.thingId, numeric.id)).last_value).toBe(7);
    const at = new Date(Date.now() + 1000).toISOString();
    const batch = await call(
      '/iot/v2/things/{id}/properties/{pid}/publish_batch',
      'PUT',
      { id: state.thingId, pid: numeric.id },
      [{ timestamp: at, value: 8 }],
    );
    expect(batch.response.status).toBe(200);
    expect((await properties().propertiesV2Show(state.thingId, numeric.id)).last_value).toBe(8);
  });

  it('applies a built-in template through TemplatesApi (templatesApply)', async () => {
    const payload = new sdk.Template('weather-station');
    payload.prefix_name = 'Conformance';
    const made = await strict(new sdk.TemplatesApi(client), 'templatesApply', sdk.ArduinoTemplate, [payload]);
    expect(made).toBeInstanceOf(sdk.ArduinoTemplate);
    expect(made.things).toHaveLength(1);
    expect(made.things[0]).toBeInstanceOf(sdk.ArduinoThingresult);
    expect(made.dashboards).toHaveLength(1);
    const thing = await things().thingsV2Show(made.things[0].id, { showDeleted: false });
    expect(thing.name).toBe('Conformance Weather station');
    expect(thing.sketch_id).toBe(made.things[0].sketch_id);
    const err = await new sdk.TemplatesApi(client)
      .templatesApply(new sdk.Template('no-such-template'))
      .catch((e: Any) => e);
    expect(err.status).toBe(404);
  });

  it('reports errors in the upstream error media type', async () => {
    const err = await things()
      .thingsV2Show('3fa85f64-5717-4562-b3fc-2c963f66afa6')
      .catch((e: Any) => e);
    expect(err.status).toBe(404);
    expect(err.response.headers['content-type']).toBe('application/vnd.goa.error+json');
    expect(err.response.body).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('documents every upstream path we serve in /openapi.json', async () => {
    const doc = (await (await fetch(`${base}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const missing = CLAIMED.filter(([method, path]) => !doc.paths[path]?.[method]);
    expect(missing).toEqual([]);
  });
});

/** Upstream operations (method, OpenAPI path) this server implements so far. */
const CLAIMED: [string, string][] = [
  ['get', '/iot/v1/property_types'],
  ['get', '/iot/v2/devices'],
  ['put', '/iot/v2/devices'],
  ['get', '/iot/v2/devices/{id}'],
  ['post', '/iot/v2/devices/{id}'],
  ['delete', '/iot/v2/devices/{id}'],
  ['get', '/iot/v2/devices/{id}/events'],
  ['get', '/iot/v2/devices/{id}/status'],
  ['get', '/iot/v2/devices/{id}/properties'],
  ['put', '/iot/v2/devices/{id}/properties'],
  ['get', '/iot/v2/devices/{id}/properties/{pid}'],
  ['get', '/iot/v2/devices/{id}/tags'],
  ['put', '/iot/v2/devices/{id}/tags'],
  ['delete', '/iot/v2/devices/{id}/tags/{key}'],
  ['get', '/iot/v2/devices/{id}/pass'],
  ['put', '/iot/v2/devices/{id}/pass'],
  ['post', '/iot/v2/devices/{id}/pass'],
  ['delete', '/iot/v2/devices/{id}/pass'],
  ['get', '/iot/v2/devices/{id}/certs'],
  ['put', '/iot/v2/devices/{id}/certs'],
  ['get', '/iot/v2/devices/{id}/certs/{cid}'],
  ['post', '/iot/v2/devices/{id}/certs/{cid}'],
  ['delete', '/iot/v2/devices/{id}/certs/{cid}'],
  ['post', '/iot/v2/devices/{id}/ota'],
  ['put', '/iot/v2/devices/{id}/ota'],
  ['post', '/iot/v2/devices/{id}/ota/url'],
  ['get', '/iot/v2/things'],
  ['put', '/iot/v2/things'],
  ['get', '/iot/v2/things/{id}'],
  ['post', '/iot/v2/things/{id}'],
  ['delete', '/iot/v2/things/{id}'],
  ['put', '/iot/v2/things/{id}/clone'],
  ['get', '/iot/v2/things/{id}/template'],
  ['put', '/iot/v2/things/{id}/sketch'],
  ['delete', '/iot/v2/things/{id}/sketch'],
  ['put', '/iot/v2/things/{id}/sketch/{sketchId}'],
  ['get', '/iot/v2/things/{id}/tags'],
  ['put', '/iot/v2/things/{id}/tags'],
  ['delete', '/iot/v2/things/{id}/tags/{key}'],
  ['get', '/iot/v2/things/{id}/properties'],
  ['put', '/iot/v2/things/{id}/properties'],
  ['get', '/iot/v2/things/{id}/properties/{pid}'],
  ['post', '/iot/v2/things/{id}/properties/{pid}'],
  ['delete', '/iot/v2/things/{id}/properties/{pid}'],
  ['put', '/iot/v2/things/{id}/properties/{pid}/publish'],
  ['get', '/iot/v2/things/{id}/properties/{pid}/timeseries'],
  ['post', '/iot/v2/series/batch_query_raw'],
  ['post', '/iot/v2/series/batch_query'],
  ['post', '/iot/v2/series/batch_query_sampling'],
  ['post', '/iot/v2/series/batch_query_raw/lastvalue'],
  ['post', '/iot/v2/series/historic_data'],
  ['get', '/iot/v2/dashboards'],
  ['post', '/iot/v2/dashboards'],
  ['get', '/iot/v2/dashboards/{id}'],
  ['put', '/iot/v2/dashboards/{id}'],
  ['patch', '/iot/v2/dashboards/{id}'],
  ['delete', '/iot/v2/dashboards/{id}'],
  ['put', '/iot/v2/dashboards/{id}/clone'],
  ['get', '/iot/v2/dashboards/{id}/template'],
  ['get', '/iot/v2/dashboards/{id}/shares'],
  ['put', '/iot/v2/dashboards/{id}/shares'],
  ['delete', '/iot/v2/dashboards/{id}/shares/{user_id}'],
  ['put', '/iot/v2/dashboards/{id}/share_request'],
  ['put', '/iot/v2/dashboards/{id}/widgets/{widgetId}/variables'],
  ['get', '/iot/v3/dashboards'],
  ['post', '/iot/v3/dashboards'],
  ['get', '/iot/v3/dashboards/{id}'],
  ['put', '/iot/v3/dashboards/{id}'],
  ['patch', '/iot/v3/dashboards/{id}'],
  ['put', '/iot/v3/dashboards/{id}/clone'],
  ['get', '/iot/v3/dashboards/{id}/template'],
  ['get', '/iot/v1/triggers'],
  ['put', '/iot/v1/triggers'],
  ['get', '/iot/v1/triggers/{id}'],
  ['post', '/iot/v1/triggers/{id}'],
  ['patch', '/iot/v1/triggers/{id}'],
  ['delete', '/iot/v1/triggers/{id}'],
  ['get', '/iot/v1/triggers/{id}/template'],
  ['post', '/iot/v1/triggers/{id}/unsubscribe'],
  ['get', '/iot/v1/actions'],
  ['post', '/iot/v1/actions'],
  ['get', '/iot/v1/actions/{id}'],
  ['put', '/iot/v1/actions/{id}'],
  ['delete', '/iot/v1/actions/{id}'],
  ['put', '/iot/v1/actions/{id}/unsubscribe'],
  ['post', '/iot/v1/clients/token'],
  ['get', '/iot/v1/supported/devices'],
  ['put', '/iot/v2/devices/claim'],
  ['post', '/iot/v2/devices/{id}/remove-uhwid'],
  ['put', '/iot/v2/things/{id}/publish'],
  ['put', '/iot/v2/things/{id}/properties/{pid}/publish_batch'],
  ['get', '/iot/v1/network_credentials/{type}'],
  ['get', '/iot/v1/network_credentials/{type}/connections'],
  ['get', '/iot/v1/lora-freq-plans/'],
  ['put', '/iot/v1/lora-devices/'],
  ['put', '/iot/v1/templates'],
];
