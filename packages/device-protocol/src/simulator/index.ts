export {
  LIBRARY_TIMING,
  OTA_ERROR_DOWNLOAD,
  OTA_ERROR_SHA_MISMATCH,
  type SimulatedDevice,
  type SimulatedDeviceOptions,
  type SimulatedProperty,
  type SimulatorLogger,
  type SimulatorTiming,
  startSimulatedDevice,
} from './device.ts';
export { endConnection } from './end-connection.ts';
export { type Generator, generatorFor, initialValue } from './generators.ts';
export { inferPropertyTypes, type PropertyDeclaration, parsePropertyList } from './property-declarations.ts';
