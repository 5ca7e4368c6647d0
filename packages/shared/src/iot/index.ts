// `@tinkercloud/shared/iot`: the property-type catalogue and the IoT request contracts. A subpath of its own,
// not the main entry, so the web's first page does not carry the catalogue: only the things pages load it.

export * from './dashboard-request.ts';
export * from './network-credentials.ts';
export * from './property-request.ts';
export * from './property-type-schema.ts';
export * from './property-types.ts';
export * from './templates.ts';
export * from './thing-request.ts';
export * from './trigger-request.ts';
export * from './trigger-rules.ts';
export * from './webhooks.ts';
