export {
  LIBRARY_TIMING,
  type SimulatedDevice,
  type SimulatedDeviceOptions,
  type SimulatedProperty,
  type SimulatorLogger,
  type SimulatorTiming,
  startSimulatedDevice,
} from './device.ts';
export { type Generator, generatorFor, initialValue } from './generators.ts';
export { inferPropertyTypes, type PropertyDeclaration, parsePropertyList } from './property-declarations.ts';
