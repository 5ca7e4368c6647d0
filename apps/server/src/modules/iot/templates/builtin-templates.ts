import {
  type BuiltinTemplate,
  builtinTemplateSchema,
  templateReferenceProblem,
} from '@tinkercloud/shared/iot';

/**
 * The built-in templates shipped with the server (the product's tab of /templates; spec 3: a name and a
 * non-UUID id). Each is a thing with its variables, a dashboard whose widgets show them, and for some a
 * trigger; `PUT /iot/v1/templates` applies one by its id (`template_name`). Checked at load like an upload.
 */
const CATALOGUE: BuiltinTemplate[] = [
  {
    id: 'remote-controlled-lights',
    name: 'Remote controlled lights',
    description: 'Switch a light on and off and set its brightness from a dashboard or your phone.',
    thing_templates: [
      {
        id: 'lights',
        name: 'Lights',
        variables: [
          {
            name: 'light',
            variable_name: 'light',
            type: 'STATUS',
            permission: 'READ_WRITE',
            update_strategy: 'ON_CHANGE',
          },
          {
            name: 'brightness',
            variable_name: 'brightness',
            type: 'PERCENTAGE',
            permission: 'READ_WRITE',
            update_strategy: 'ON_CHANGE',
          },
        ],
      },
    ],
    dashboard_templates: [
      {
        id: 'lights-dashboard',
        name: 'Lights',
        widgets: [
          {
            type: 'switch',
            name: 'Light',
            options: {},
            x: 0,
            y: 0,
            width: 2,
            height: 2,
            variables: [{ thing_id: 'lights', variable_id: 'light' }],
          },
          {
            type: 'slider',
            name: 'Brightness',
            options: { min: 0, max: 100 },
            x: 2,
            y: 0,
            width: 4,
            height: 2,
            variables: [{ thing_id: 'lights', variable_id: 'brightness' }],
          },
        ],
      },
    ],
    trigger_templates: [],
  },
  {
    id: 'weather-station',
    name: 'Weather station',
    description: 'Temperature, humidity and pressure every minute, with their history in charts.',
    thing_templates: [
      {
        id: 'weather',
        name: 'Weather station',
        variables: [
          {
            name: 'temperature',
            variable_name: 'temperature',
            type: 'TEMPERATURE_C',
            permission: 'READ_ONLY',
            update_strategy: 'TIMED',
            update_parameter: 60,
          },
          {
            name: 'humidity',
            variable_name: 'humidity',
            type: 'PERCENTAGE_RELATIVE_HUMIDITY',
            permission: 'READ_ONLY',
            update_strategy: 'TIMED',
            update_parameter: 60,
          },
          {
            name: 'pressure',
            variable_name: 'pressure',
            type: 'FLOAT',
            permission: 'READ_ONLY',
            update_strategy: 'TIMED',
            update_parameter: 60,
          },
        ],
      },
    ],
    dashboard_templates: [
      {
        id: 'weather-dashboard',
        name: 'Weather',
        widgets: [
          {
            type: 'value',
            name: 'Temperature',
            options: {},
            x: 0,
            y: 0,
            width: 2,
            height: 2,
            variables: [{ thing_id: 'weather', variable_id: 'temperature' }],
          },
          {
            type: 'percentage',
            name: 'Humidity',
            options: { min: 0, max: 100 },
            x: 2,
            y: 0,
            width: 2,
            height: 2,
            variables: [{ thing_id: 'weather', variable_id: 'humidity' }],
          },
          {
            type: 'chart',
            name: 'Temperature history',
            options: {},
            x: 0,
            y: 2,
            width: 6,
            height: 4,
            variables: [{ thing_id: 'weather', variable_id: 'temperature' }],
          },
          {
            type: 'chart',
            name: 'Pressure history',
            options: {},
            x: 0,
            y: 6,
            width: 6,
            height: 4,
            variables: [{ thing_id: 'weather', variable_id: 'pressure' }],
          },
        ],
      },
    ],
    trigger_templates: [],
  },
  {
    id: 'smart-plant',
    name: 'Smart plant',
    description:
      'Watch the soil moisture of a plant, run its pump, and get an e-mail when the soil gets dry.',
    thing_templates: [
      {
        id: 'plant',
        name: 'Smart plant',
        variables: [
          {
            name: 'moisture',
            variable_name: 'moisture',
            type: 'PERCENTAGE',
            permission: 'READ_ONLY',
            update_strategy: 'ON_CHANGE',
            update_parameter: 1,
          },
          {
            name: 'pump',
            variable_name: 'pump',
            type: 'STATUS',
            permission: 'READ_WRITE',
            update_strategy: 'ON_CHANGE',
          },
        ],
      },
    ],
    dashboard_templates: [
      {
        id: 'plant-dashboard',
        name: 'Plant',
        widgets: [
          {
            type: 'gauge',
            name: 'Soil moisture',
            options: { min: 0, max: 100 },
            x: 0,
            y: 0,
            width: 3,
            height: 3,
            variables: [{ thing_id: 'plant', variable_id: 'moisture' }],
          },
          {
            type: 'switch',
            name: 'Pump',
            options: {},
            x: 3,
            y: 0,
            width: 2,
            height: 2,
            variables: [{ thing_id: 'plant', variable_id: 'pump' }],
          },
        ],
      },
    ],
    trigger_templates: [
      {
        id: 'dry-soil',
        name: 'Dry soil',
        description: 'The soil moisture fell under 20 %.',
        active: true,
        linked_property: { thing_id: 'plant', property_id: 'moisture' },
        condition: { operator: 'LT', value: 20 },
        actions: [
          {
            name: 'Mail me',
            kind: 'NOTIFY-EMAIL',
            email: {
              subject: { expression: 'Your plant is thirsty' },
              body: { expression: 'Soil moisture of {{thing.name}} is {{property.value}} %.' },
            },
          },
        ],
      },
    ],
  },
];

/** The catalogue, each entry checked once at load: a broken built-in template is a bug, not a user error. */
export const BUILTIN_TEMPLATES: readonly BuiltinTemplate[] = CATALOGUE.map((t) => {
  const parsed = builtinTemplateSchema.parse(t);
  const problem = templateReferenceProblem(parsed);
  if (problem) throw new Error(`Built-in template ${t.id}: ${problem}`);
  return parsed;
});

export function builtinTemplate(id: string): BuiltinTemplate | undefined {
  return BUILTIN_TEMPLATES.find((t) => t.id === id);
}
